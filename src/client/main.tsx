import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { loadClientConfig } from './app/config';
import { makeStore } from './app/store';
import { App } from './app/App';
import { startIdentity } from './auth/actions';
import { hasStoredToken, readStoredSession } from './auth/storedSession';
import { preloadSignedInScreens } from './app/routes';
import { prefetchFirstScreen } from './app/prefetchFirstScreen';

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  // Signed in last time (the token mirror is there): fetch the signed-in screens meanwhile.
  if (hasStoredToken()) preloadSignedInScreens(window.location.pathname);
  try {
    const config = await loadClientConfig();
    const store = makeStore();
    startIdentity(config, store.dispatch);
    if (readStoredSession()) prefetchFirstScreen(store.dispatch, window.location.pathname);
    // A transition: React renders the first screen in slices between which the browser can
    // respond, instead of one long task (the first render is most of the start-up work).
    startTransition(() =>
      root.render(
        <StrictMode>
          <Provider store={store}>
            <App />
          </Provider>
        </StrictMode>,
      ),
    );
  } catch (err) {
    root.render(<p role="alert">Tally could not start: {err instanceof Error ? err.message : String(err)}</p>);
  }
}

void boot();
