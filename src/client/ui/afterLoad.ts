import { lazy, type ComponentType } from 'react';

/**
 * Runs `task` once the page has loaded and the browser is idle: work the first screen does not
 * need then waits instead of competing with it for the network and the main thread.
 * Returns a cancel function.
 */
export function whenIdleAfterLoad(task: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) task();
  };
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
  };
}

/**
 * React.lazy for a part that no first screen shows (a dialog, a menu, a toast): it loads when it
 * is first shown, or before that once the page has loaded and the browser is idle, so that it
 * then opens at once without having competed with the first screen for the network.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint on the component type as React.lazy's own.
export function lazyAfterLoad<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  whenIdleAfterLoad(() => void load().catch(() => undefined)); // a failure shows when it is opened
  return lazy(load);
}
