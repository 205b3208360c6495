import { onIdTokenChanged, type User } from 'firebase/auth';
import type { AppDispatch } from '../app/store';
import { clearUserData } from '../app/store';
import { firebaseAuth } from './firebase';
import { signedIn, type SessionUser } from './sessionSlice';
import { TOKEN_STORAGE_KEY } from './storedSession';

export function toSessionUser(u: User): SessionUser {
  return { uid: u.uid, email: u.email ?? '', displayName: u.displayName, photoURL: u.photoURL, emailVerified: u.emailVerified };
}

/**
 * Keeps the store in step with Firebase: sign-in and sign-out in any tab reach this tab through
 * the SDK's shared persistence. The SDK refreshes the token before expiry; we mirror it in local
 * storage while signed in (spec §4); other tabs follow that mirror. `shownUid` is the user the app
 * already shows from the stored token, whose cached data may stay.
 */
export function startSessionSync(dispatch: AppDispatch, shownUid: string | null): () => void {
  const auth = firebaseAuth();
  let lastUid: string | null = shownUid;
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
