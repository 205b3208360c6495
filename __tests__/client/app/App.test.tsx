import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../../../src/client/app/App';
import { routes } from '../../../src/client/app/routes';
import { makeStore } from '../../../src/client/app/store';
import { themeSet } from '../../../src/client/app/uiSlice';
import { signedIn } from '../../../src/client/auth/sessionSlice';
import { useClosedApiPort } from '../ui/renderScreen';

/** The whole app (its theme provider, its routes) at a path, signed in. */
function renderApp(path: string, theme: 'light' | 'dark') {
  const store = makeStore();
  store.dispatch(signedIn({ uid: 'u1', email: 'a@b.co', displayName: 'A', photoURL: null, emailVerified: true }));
  store.dispatch(themeSet(theme));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <Provider store={store}>
      <App router={router} />
    </Provider>,
  );
}

describe('App', () => {
  beforeAll(useClosedApiPort);

  it.each([
    ['light', 'rgb(248, 250, 252)'],
    ['dark', 'rgb(11, 17, 32)'],
  ] as const)('gives the page the %s theme and shows an unknown address as not found (its own chunk)', async (theme, background) => {
    renderApp('/no-such-page', theme);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
    // CssBaseline paints the body from the theme the provider hands down.
    expect(getComputedStyle(document.body).backgroundColor).toBe(background);
  });
});
