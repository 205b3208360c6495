import { initializeApp, type FirebaseApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth';
import type { ClientConfig } from '../../shared/clientConfig';

let auth: Auth | null = null;
let app: FirebaseApp | null = null;

/** Initialises the Firebase app once; points Auth at the emulator when configured. */
export function initFirebaseAuth(config: ClientConfig): Auth {
  if (auth) return auth;
  app = initializeApp(config.firebase);
  // initializeAuth instead of getAuth: Tally signs in with email and password only, so the
  // popup/redirect machinery of federated sign-in stays out of the bundle. Persistence as
  // getAuth's: IndexedDB, falling back to local storage; both are shared across tabs.
  auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}

export function firebaseAuth(): Auth {
  if (!auth) throw new Error('Firebase Auth is not initialised');
  return auth;
}
