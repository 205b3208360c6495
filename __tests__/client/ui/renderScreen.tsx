import net from 'node:net';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
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
      { path, element },
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
