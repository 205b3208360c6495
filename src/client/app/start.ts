import type { ClientConfig } from '../../shared/clientConfig';
import { startSession } from './startSession';

/**
 * Start-up after the entry, in steps, each its own task, so that no step blocks the page for long:
 * 1. the store and the session, which ask for the first screen's data;
 * 2. React DOM (half of the code), evaluated on its own;
 * 3. MUI and the routes, rendering the first screen once its chunks are in, so that React's
 *    first commit is that screen, not its Suspense fallback (which React keeps up for at least
 *    300 ms).
 * Steps 2 and 3 are in this chunk ("eager"): importing them only evaluates them.
 */
export async function startApp(container: HTMLElement, config: ClientConfig, firstScreen: Promise<void>): Promise<void> {
  const store = startSession(config, window.location.pathname);
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { renderApp } = await import(/* webpackMode: "eager" */ './renderApp');
  await nextTask();
  await firstScreen;
  renderApp(container, store);
}

/** Yields to the browser (input, painting, arriving responses) before the next step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
