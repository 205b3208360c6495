import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './App';
import { createAppRouter } from './routes';
import type { AppStore } from './store';

/** The last step of start-up: React, MUI and the routes, rendering the first screen. */
export function renderApp(container: HTMLElement, store: AppStore): void {
  // Made once, outside React: a router listens to the browser's history for as long as it lives.
  const router = createAppRouter();
  // A transition: React renders the first screen in slices between which the browser can
  // respond, instead of one long task (the first render is most of the start-up work).
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <Provider store={store}>
          <App router={router} />
        </Provider>
      </StrictMode>,
    ),
  );
}
