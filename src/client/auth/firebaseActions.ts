import {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  updatePassword,
  updateProfile,
  verifyPasswordResetCode,
  type User,
} from 'firebase/auth';
import { firebaseAuth } from './firebase';
import { signedIn } from './sessionSlice';
import { toSessionUser } from './session';
import { TOKEN_STORAGE_KEY, uidOfToken } from './storedSession';
import type { AppDispatch } from '../app/store';

/** The signed-in user's ID token (refreshed by the SDK when near expiry), or null. */
export async function idToken(): Promise<string | null> {
  const auth = firebaseAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return null;
  try {
    return await user.getIdToken();
  } catch (err) {
    // Offline with an expired token (it cannot be refreshed): the last one of this same person
    // still tells the service worker whose saved answers to read; the server refuses it as expired.
    const kept = localStorage.getItem(TOKEN_STORAGE_KEY);
    if (kept && uidOfToken(kept) === user.uid) return kept;
    throw err;
  }
}

/**
 * After the account itself changed (its name, a verified address): forces a token that carries
 * it, which the session mirror and the API's requests then use, and publishes the user now.
 */
async function renewSession(dispatch: AppDispatch, user: User): Promise<void> {
  await user.getIdToken(true);
  dispatch(signedIn(toSessionUser(user)));
}

/** The signed-in Firebase user, or the provider's own 'signed out' error. */
async function currentUser(): Promise<User> {
  const auth = firebaseAuth();
  await auth.authStateReady();
  if (!auth.currentUser) throw Object.assign(new Error('Not signed in'), { code: 'auth/user-token-expired' });
  return auth.currentUser;
}

/** What the screens ask of the identity provider (Firebase Auth); loaded on demand by ./actions. */
export async function signIn(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(firebaseAuth(), email.trim(), password);
}

/** Creates the account and sets its display name; answers the new user's uid. */
export async function createAccount(dispatch: AppDispatch, displayName: string, email: string, password: string): Promise<{ uid: string; email: string }> {
  const cred = await createUserWithEmailAndPassword(firebaseAuth(), email.trim(), password);
  await updateProfile(cred.user, { displayName: displayName.trim() });
  await renewSession(dispatch, cred.user);
  return { uid: cred.user.uid, email: cred.user.email ?? email.trim() };
}

/** The emailed link leads back to Tally's own reset page (continue URL), not a provider page. */
export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(firebaseAuth(), email.trim(), { url: `${window.location.origin}/login` });
}

/** The emailed link verifies the address, then leads back to `continueUrl` (the page that asked). */
export async function sendVerificationEmail(continueUrl: string): Promise<void> {
  await sendEmailVerification(await currentUser(), { url: continueUrl });
}

/**
 * Reads the account again (its address may have been verified in another tab or on a phone) and
 * renews the session's token so that it says so; answers whether the address is verified.
 */
export async function refreshEmailVerified(dispatch: AppDispatch): Promise<boolean> {
  const user = await currentUser();
  await user.reload();
  await renewSession(dispatch, user);
  return user.emailVerified;
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
  const user = await currentUser();
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', current));
  await updatePassword(user, next);
}

export async function signOut(): Promise<void> {
  await firebaseSignOut(firebaseAuth());
}
