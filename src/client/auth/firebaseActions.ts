import {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  updatePassword,
  updateProfile,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { firebaseAuth } from './firebase';
import { signedIn } from './sessionSlice';
import { toSessionUser } from './session';
import type { AppDispatch } from '../app/store';

/** The signed-in user's ID token (refreshed by the SDK when near expiry), or null. */
export async function idToken(): Promise<string | null> {
  const auth = firebaseAuth();
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

/** What the screens ask of the identity provider (Firebase Auth); loaded on demand by ./actions. */
export async function signIn(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(firebaseAuth(), email.trim(), password);
}

/** Creates the account and sets its display name; answers the new user's uid. */
export async function createAccount(dispatch: AppDispatch, displayName: string, email: string, password: string): Promise<{ uid: string; email: string }> {
  const cred = await createUserWithEmailAndPassword(firebaseAuth(), email.trim(), password);
  await updateProfile(cred.user, { displayName: displayName.trim() });
  // Force a token that carries the display name, and publish the name to the store now.
  await cred.user.getIdToken(true);
  dispatch(signedIn(toSessionUser(cred.user)));
  return { uid: cred.user.uid, email: cred.user.email ?? email.trim() };
}

/** The emailed link leads back to Tally's own reset page (continue URL), not a provider page. */
export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(firebaseAuth(), email.trim(), { url: `${window.location.origin}/login` });
}

/** Answers the email the reset code belongs to, or throws when it is invalid or used. */
export function checkResetCode(code: string): Promise<string> {
  return verifyPasswordResetCode(firebaseAuth(), code);
}

export function completePasswordReset(code: string, newPassword: string): Promise<void> {
  return confirmPasswordReset(firebaseAuth(), code, newPassword);
}

/** Proves the user knows the current password, then sets the new one (the provider asks for a recent sign-in). */
export async function changePassword(current: string, next: string): Promise<void> {
  const auth = firebaseAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user?.email) throw Object.assign(new Error('Not signed in'), { code: 'auth/user-token-expired' });
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, current));
  await updatePassword(user, next);
}

export async function signOut(): Promise<void> {
  await firebaseSignOut(firebaseAuth());
}
