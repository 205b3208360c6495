import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long to wait for a lazily loaded screen's heading before giving up. */
const WAIT_MS = 5000;

/**
 * Focuses the screen's h1 as soon as it is there (screens load lazily), and again if a loading
 * view's heading is replaced by the screen's own while the focus has nowhere else to be. Stops
 * once the person moves the focus elsewhere, or after a while. Answers the stop function.
 */
export function focusMainHeading(main: HTMLElement): () => void {
  let focused: HTMLElement | null = null;
  const lost = () => document.activeElement === null || document.activeElement === document.body;
  const check = () => {
    // The person moved on. While the heading is still there that is so even when the focus is on
    // the body: a Tab is on its way (the page changing at that moment must not pull it back).
    if (focused && document.activeElement !== focused && (focused.isConnected || !lost())) return stop();
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading || heading === document.activeElement) return;
    if (focused && !lost()) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
    focused = heading;
  };
  const observer = new MutationObserver(check);
  const timer = window.setTimeout(() => stop(), WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  check();
  return stop;
}

/**
 * After every in-app navigation (not the first load), focus moves to the new screen's heading:
 * a screen reader announces where the person landed, and Tab continues from the top of the screen.
 */
export function useFocusHeadingOnNavigate(mainId: string): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    return main ? focusMainHeading(main) : undefined;
  }, [pathname, mainId]);
}
