import net from 'node:net';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { UnsavedChangesProvider } from '../../../src/client/ui/unsavedChanges/UnsavedChangesProvider';
import { ThemeProvider } from '@mui/material/styles';
import { makeStore, type AppStore } from '../../../src/client/app/store';
import { makeTheme } from '../../../src/client/app/theme';
import { setClientConfig } from '../../../src/client/app/config';
import { Toasts } from '../../../src/client/toasts/Toasts';

/** A local port nobody listens on: requests there fail for real, without any fetch mock. */
export async function useClosedApiPort(): Promise<void> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  setClientConfig({ apiUrl: `http://127.0.0.1:${port}`, firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' }, authEmulatorUrl: null });
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

export const NO_SERVER = 'Cannot reach the Tally server. Check your connection.';

/**
 * Renders a screen at `path` inside a real store, theme and router. Other routes render a marker
 * with their path, so a test can see where a link or a save led.
 */
export function renderScreen(
  element: ReactElement,
  { route, path = route.split('?')[0], store = makeStore() }: { route: string; path?: string; store?: AppStore },
) {
  const router = createMemoryRouter(
    [
      // The signed-in frame's question before leaving an edited form.
      { path, element: <UnsavedChangesProvider>{element}</UnsavedChangesProvider> },
      { path: '*', Component: Where },
    ],
    { initialEntries: [route] },
  );
  const view = render(
    <Provider store={store}>
      <ThemeProvider theme={makeTheme('light')}>
        <RouterProvider router={router} />
        <Toasts />
      </ThemeProvider>
    </Provider>,
  );
  return { ...view, store, router };
}

/** Requests the store has started for mutations (to prove that nothing was sent). */
export function mutationCount(store: AppStore): number {
  return Object.keys(store.getState().api.mutations).length;
}

export interface SentRequest {
  method: string;
  path: string;
  /** The JSON body, read as soon as it can be (before the test sees the request's failure). */
  body?: unknown;
}

/**
 * Records the requests a screen sends, to see what a form sent. They still go out for real (to
 * the closed port): fetch is watched, not replaced. Undone by jest.restoreAllMocks().
 */
export function recordRequests(): SentRequest[] {
  const sent: SentRequest[] = [];
  const send = globalThis.fetch;
  jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const request = new Request(input, init);
    const entry: SentRequest = { method: request.method, path: new URL(request.url).pathname };
    sent.push(entry);
    void request
      .clone()
      .text()
      .then((text) => {
        if (text) entry.body = JSON.parse(text);
      });
    return send(request);
  });
  return sent;
}
