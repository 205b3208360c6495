import { loadClientConfig } from './app/config';
import { preloadSignedInScreens } from './app/screenChunks';
import { hasStoredToken } from './auth/storedSession';

/**
 * Start-up in steps, each its own task, so that no step blocks the page for long and the
 * downloads start before the heavy code runs:
 * 1. this module (small): ask for the first screen's chunks, wait for the run-time configuration;
 * 2. the store and the session, which ask for the first screen's data;
 * 3. React and MUI, rendering the first screen once its chunks are in, so that React's first
 *    commit is that screen, not its Suspense fallback (which React keeps up for at least 300 ms).
 *    Until then the page shows the 'Loading...' of index.html.
 * Steps 2 and 3 are in this bundle ("eager"): importing them only evaluates them, and that
 * evaluation is a task of its own too.
 */
async function boot(): Promise<void> {
  const container = document.getElementById('root')!;
  // Signed in last time (the token mirror is there): fetch the signed-in screens meanwhile.
  const firstScreen = hasStoredToken() ? preloadSignedInScreens(window.location.pathname) : Promise.resolve();
  try {
    const config = await loadClientConfig();
    const { startSession } = await import(/* webpackMode: "eager" */ './app/startSession');
    await nextTask();
    const store = startSession(config, window.location.pathname);
    await nextTask();
    // React DOM is half of the last step's code: evaluated on its own, then MUI and the routes.
    await import(/* webpackMode: "eager" */ 'react-dom/client');
    await nextTask();
    const { renderApp } = await import(/* webpackMode: "eager" */ './app/renderApp');
    await nextTask();
    await firstScreen;
    renderApp(container, store);
  } catch (err) {
    const alert = document.createElement('p');
    alert.setAttribute('role', 'alert');
    alert.textContent = `Tally could not start: ${err instanceof Error ? err.message : String(err)}`;
    container.replaceChildren(alert);
  }
}

/** Yields to the browser (input, painting, arriving responses) before the next step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

void boot();
