import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../auth/actions';
import { useAppDispatch } from '../app/hooks';
import { toastShown } from '../toasts/toastsSlice';

/** Signs out and goes to /login; the session sync clears the cache and the stored token. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    try {
      await signOut();
      navigate('/login', { replace: true });
    } catch {
      dispatch(toastShown('Failed to sign out. Please try again.', 'error'));
    }
  }, [navigate, dispatch]);
}
