/**
 * The Firebase side of identity, one lazy chunk: ./actions loads it when it is
 * needed (an auth action, a token near expiry, a refused token, a session storage cannot decide),
 * so no page load waits for it or spends time running it.
 */
import type { ClientConfig } from '../../shared/clientConfig';
import type { AppDispatch } from '../app/store';
import { initFirebaseAuth } from './firebase';
import { startSessionSync } from './session';

export {
  changePassword,
  checkResetCode,
  completePasswordReset,
  createAccount,
  idToken,
  refreshEmailVerified,
  sendPasswordReset,
  sendVerificationEmail,
  signIn,
  signOut,
} from './firebaseActions';

export function connect(config: ClientConfig, dispatch: AppDispatch, shownUid: string | null): void {
  initFirebaseAuth(config);
  startSessionSync(dispatch, shownUid);
}
