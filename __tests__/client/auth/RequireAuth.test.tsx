import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeStore } from '../../../src/client/app/store';
import { RequireAuth } from '../../../src/client/auth/RequireAuth';
import { signedIn, signedOut } from '../../../src/client/auth/sessionSlice';

/** The sign-in screen, showing where it will send the person back to. */
function Login() {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return <p>login screen, then {from}</p>;
}

function renderAt(store: ReturnType<typeof makeStore>, path: string) {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<Login />} />
          <Route element={<RequireAuth />}>
            <Route path="/receipts" element={<p>receipts screen</p>} />
            <Route path="/households/join" element={<p>join screen</p>} />
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
    renderAt(store, '/receipts?page=2');
    expect(screen.getByText('login screen, then /receipts?page=2')).toBeInTheDocument();
  });

  it('comes back to an invitation link with its token, which is in the fragment', () => {
    const store = makeStore();
    store.dispatch(signedOut());
    renderAt(store, '/households/join#tok3n');
    expect(screen.getByText('login screen, then /households/join#tok3n')).toBeInTheDocument();
  });

  it('shows the screen when signed in', () => {
    const store = makeStore();
    store.dispatch(signedIn({ uid: 'u1', email: 'a@b.co', displayName: 'A', photoURL: null, emailVerified: false }));
    renderAt(store, '/receipts');
    expect(screen.getByText('receipts screen')).toBeInTheDocument();
  });
});
