import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../src/client/app/store';
import { RequireAuth } from '../../../src/client/auth/RequireAuth';
import { signedIn, signedOut } from '../../../src/client/auth/sessionSlice';

function renderAt(store: ReturnType<typeof makeStore>, path: string) {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<p>login screen</p>} />
          <Route element={<RequireAuth />}>
            <Route path="/receipts" element={<p>receipts screen</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('RequireAuth', () => {
  it("shows 'Loading...' while the session is being checked", () => {
    renderAt(makeStore(), '/receipts');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('receipts screen')).not.toBeInTheDocument();
  });

  it('redirects to /login when signed out', () => {
    const store = makeStore();
    store.dispatch(signedOut());
    renderAt(store, '/receipts');
    expect(screen.getByText('login screen')).toBeInTheDocument();
  });

  it('shows the screen when signed in', () => {
    const store = makeStore();
    store.dispatch(signedIn({ uid: 'u1', email: 'a@b.co', displayName: 'A', photoURL: null, emailVerified: false }));
    renderAt(store, '/receipts');
    expect(screen.getByText('receipts screen')).toBeInTheDocument();
  });
});
