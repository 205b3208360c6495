import {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  verifyPasswordResetCode,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  updateProfile,
} from 'firebase/auth';
import { firebaseAuth } from './firebase';
import { signedIn } from './sessionSlice';
import { toSessionUser } from './session';
import type { AppDispatch } from '../app/store';

/** What the auth screens do with the identity provider; the screens own messages and navigation. */
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

export async function signOut(): Promise<void> {
  await firebaseSignOut(firebaseAuth());
}
