import type { ClientConfig } from '../../shared/clientConfig';
import { clearUserData, type AppDispatch } from '../app/store';
import { setTokenSource } from '../api/token';
import { hasStoredToken, readStoredSession, TOKEN_STORAGE_KEY, type StoredSession } from './storedSession';
import { signedIn } from './sessionSlice';

type Provider = typeof import('./provider');

/** The SDK is asked to take over this long before the stored token expires (it refreshes it). */
const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;

let started: { config: ClientConfig; dispatch: AppDispatch; shownUid: string | null } | null = null;
let loading: Promise<Provider> | null = null;
let connected: Provider | null = null;
let renewal: ReturnType<typeof setTimeout> | undefined;

/** The identity SDK, loaded and connected once; a failed load is tried again on the next call. */
function provider(): Promise<Provider> {
  if (!started) return Promise.reject(new Error('Identity is not started'));
  const session = started;
  loading ??= import(/* webpackChunkName: "identity" */ './provider').then((p) => {
    // The user shown when the SDK arrives (another tab may have changed it meanwhile).
    p.connect(session.config, session.dispatch, session.shownUid);
    connected = p;
    clearTimeout(renewal); // the SDK refreshes tokens itself from now on
    return p;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * Starts the session from the mirrored token, without the identity SDK: a token that is still
 * valid shows the signed-in screens and authorises their requests; no token shows the public
 * screens. The SDK (Firebase Auth) is loaded only when needed: for a sign-in, sign-out or password
 * action, shortly before the stored token expires, when the API refuses the token, or when the
 * stored session cannot be decided (expired or unreadable token). Other tabs' sign-in and
 * sign-out reach this tab through the same mirror.
 */
export function startIdentity(config: ClientConfig, dispatch: AppDispatch): void {
  started = { config, dispatch, shownUid: null };
  setTokenSource({
    current: async () => (connected ? connected.idToken() : (readStoredSession()?.token ?? (await provider()).idToken())),
    // A refused token: only worth another try when the SDK was not in charge yet.
    renew: () =>
      connected
        ? Promise.resolve(false)
        : provider().then(
            () => true,
            () => false,
          ),
  });
  window.addEventListener('storage', (e) => {
    // Once connected, the SDK follows other tabs itself.
    if ((e.key === TOKEN_STORAGE_KEY || e.key === null) && !connected) followStoredSession();
  });
  followStoredSession();
}

/** Shows the session the mirror holds (see startIdentity); asks the SDK when it cannot tell. */
function followStoredSession(): void {
  if (!started) return;
  const stored = readStoredSession();
  if (stored) {
    if (started.shownUid && started.shownUid !== stored.user.uid) clearUserData(started.dispatch);
    started.shownUid = stored.user.uid;
    started.dispatch(signedIn(stored.user));
    scheduleRenewal(stored);
  } else if (!hasStoredToken()) {
    started.shownUid = null;
    clearUserData(started.dispatch);
  } else {
    loadIdentity();
  }
}

function scheduleRenewal(stored: StoredSession): void {
  clearTimeout(renewal);
  renewal = setTimeout(loadIdentity, Math.max(0, stored.expiresAt - Date.now() - RENEW_BEFORE_EXPIRY_MS));
}

/** Loads and connects the identity SDK in the background (once; again after a failed load). */
export function loadIdentity(): void {
  provider().catch(() => {
    // Without the SDK nobody can be signed in from an unusable token: show the sign-in screen.
    if (started && !started.shownUid) clearUserData(started.dispatch);
  });
}

export const signIn = (email: string, password: string) => provider().then((p) => p.signIn(email, password));
export const createAccount = (dispatch: AppDispatch, displayName: string, email: string, password: string) =>
  provider().then((p) => p.createAccount(dispatch, displayName, email, password));
export const sendPasswordReset = (email: string) => provider().then((p) => p.sendPasswordReset(email));
export const sendVerificationEmail = (continueUrl: string) => provider().then((p) => p.sendVerificationEmail(continueUrl));
export const refreshEmailVerified = (dispatch: AppDispatch) => provider().then((p) => p.refreshEmailVerified(dispatch));
export const checkResetCode = (code: string) => provider().then((p) => p.checkResetCode(code));
export const completePasswordReset = (code: string, newPassword: string) => provider().then((p) => p.completePasswordReset(code, newPassword));
export const changePassword = (current: string, next: string) => provider().then((p) => p.changePassword(current, next));
export const signOut = () => provider().then((p) => p.signOut());
