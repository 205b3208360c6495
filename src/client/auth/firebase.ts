import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import type { ClientConfig } from '../../shared/clientConfig';

let auth: Auth | null = null;
let app: FirebaseApp | null = null;

/** Initialises the Firebase app once; points Auth at the emulator when configured. */
export function initFirebaseAuth(config: ClientConfig): Auth {
  if (auth) return auth;
  app = initializeApp(config.firebase);
  auth = getAuth(app);
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}

export function firebaseAuth(): Auth {
  if (!auth) throw new Error('Firebase Auth is not initialised');
  return auth;
}
