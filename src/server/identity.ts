import crypto from 'node:crypto';
import fs from 'node:fs';
import type * as FirebaseApp from 'firebase-admin/app';
import type * as FirebaseAuth from 'firebase-admin/auth';
import type { ServerConfig } from './config';
import { onFirstUse } from './onFirstUse';

/** The identity provider as the server sees it: firebase-admin, pointed at the emulator when configured. */
export interface Identity {
  auth: FirebaseAuth.Auth;
  close(): Promise<void>;
}

// firebase-admin is the largest thing the server loads (a second of start-up, ~20 MB): loaded
// with the first token to check, not for a health check or a server nobody has signed in to yet.
const firebaseApp = onFirstUse<typeof FirebaseApp>('firebase-admin/app');
const firebaseAuth = onFirstUse<typeof FirebaseAuth>('firebase-admin/auth');

export function createIdentity(config: ServerConfig): Identity {
  if (config.firebase.emulatorHost) {
    // firebase-admin reads the emulator address from the environment only.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
  }
  // Read now, so a missing or broken key file stops the start rather than the first sign-in.
  const serviceAccount: object | null =
    !config.firebase.emulatorHost && config.firebase.serviceAccountPath ? JSON.parse(fs.readFileSync(config.firebase.serviceAccountPath, 'utf8')) : null;
  // A named app per server instance: tests build several apps in one process.
  const name = `tally-${crypto.randomUUID()}`;
  let app: FirebaseApp.App | null = null;
  const open = (): FirebaseApp.App => {
    if (app) return app;
    const { initializeApp, cert, applicationDefault } = firebaseApp();
    const credential = config.firebase.emulatorHost ? undefined : serviceAccount ? cert(serviceAccount) : applicationDefault();
    app = initializeApp(credential ? { projectId: config.firebase.projectId, credential } : { projectId: config.firebase.projectId }, name);
    return app;
  };
  return {
    get auth() {
      return firebaseAuth().getAuth(open());
    },
    close: async () => {
      if (app) await firebaseApp().deleteApp(app);
    },
  };
}
