import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './App';
import type { AppStore } from './store';

/** The last step of start-up: React, MUI and the routes, rendering the first screen. */
export function renderApp(container: HTMLElement, store: AppStore): void {
  // A transition: React renders the first screen in slices between which the browser can
  // respond, instead of one long task (the first render is most of the start-up work).
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <Provider store={store}>
          <App />
        </Provider>
      </StrictMode>,
    ),
  );
}
