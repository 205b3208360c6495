import { onIdTokenChanged, type User } from 'firebase/auth';
import type { AppDispatch } from '../app/store';
import { clearUserData } from '../app/store';
import { setTokenGetter } from '../api/token';
import { firebaseAuth } from './firebase';
import { signedIn, type SessionUser } from './sessionSlice';

export const TOKEN_STORAGE_KEY = 'tally.token';

export function toSessionUser(u: User): SessionUser {
  return { uid: u.uid, email: u.email ?? '', displayName: u.displayName, photoURL: u.photoURL, emailVerified: u.emailVerified };
}

/**
 * Keeps the store in step with Firebase: sign-in and sign-out in any tab reach this tab through
 * the SDK's shared persistence. The SDK refreshes the token before expiry; we mirror it in local
 * storage while signed in (spec §4) and ask the SDK for it on every request.
 */
export function startSessionSync(dispatch: AppDispatch): () => void {
  const auth = firebaseAuth();
  setTokenGetter(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null));
  let lastUid: string | null | undefined;
  return onIdTokenChanged(auth, async (user) => {
    if (!user) {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
      lastUid = null;
      clearUserData(dispatch);
      return;
    }
    try {
      localStorage.setItem(TOKEN_STORAGE_KEY, await user.getIdToken());
    } catch {
      /* storage full or blocked: the SDK still holds the token */
    }
    if (lastUid && lastUid !== user.uid) clearUserData(dispatch);
    lastUid = user.uid;
    dispatch(signedIn(toSessionUser(user)));
  });
}
