import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { LoadingView } from '../ui/LoadingView';
import { selectSessionStatus } from './sessionSlice';

/** The guard of spec §2: 'Loading...' while the session is checked, /login when signed out. */
export function RequireAuth() {
  const status = useAppSelector(selectSessionStatus);
  const location = useLocation();
  if (status === 'loading') return <LoadingView />;
  // The fragment too: an invitation link carries its token there.
  if (status === 'signedOut') return <Navigate to="/login" replace state={{ from: location.pathname + location.search + location.hash }} />;
  return <Outlet />;
}

/** Public screens send a signed-in person home. */
export function RedirectIfSignedIn() {
  const status = useAppSelector(selectSessionStatus);
  if (status === 'loading') return <LoadingView />;
  if (status === 'signedIn') return <Navigate to="/" replace />;
  return <Outlet />;
}
