import { loadClientConfig } from './app/config';
import { preloadSignedInScreens } from './app/screenChunks';
import { sendEarly } from './api/earlyAnswers';
import { earlyDataPaths } from './app/earlyData';
import { hasStoredToken, readStoredSession } from './auth/storedSession';

/**
 * The entry is only this step, a few KB, so it runs as soon as it arrives instead of after the
 * libraries: it asks for the first screen's chunks and for the rest of start-up (`app/start`,
 * with React, MUI, Redux and the routes, preloaded by index.html), waits for the run-time
 * configuration and asks for the first screen's data. All of them download side by side. Until
 * the first screen renders the page shows the 'Loading...' of index.html.
 */
async function boot(): Promise<void> {
  const container = document.getElementById('root')!;
  // Signed in last time (the token mirror is there): fetch the signed-in screens meanwhile.
  const firstScreen = hasStoredToken() ? preloadSignedInScreens(window.location.pathname) : Promise.resolve();
  try {
    const config = await loadClientConfig();
    // A usable session: the first screen's figures are asked for now, not once the libraries are in.
    const session = readStoredSession();
    if (session) sendEarly(config.apiUrl, earlyDataPaths(window.location.pathname), session.token);
    // Asked for after the data: the preloaded libraries are compiled as soon as they are asked
    // for, and that would hold up everything behind it.
    const { startApp } = await import(/* webpackChunkName: "start" */ './app/start');
    await startApp(container, config, firstScreen);
  } catch (err) {
    const alert = document.createElement('p');
    alert.setAttribute('role', 'alert');
    alert.textContent = `Tally could not start: ${err instanceof Error ? err.message : String(err)}`;
    container.replaceChildren(alert);
  }
}

void boot();
