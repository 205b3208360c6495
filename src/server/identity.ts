import crypto from 'node:crypto';
import fs from 'node:fs';
import { initializeApp, deleteApp, cert, applicationDefault, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { ServerConfig } from './config';

/** The identity provider as the server sees it: firebase-admin, pointed at the emulator when configured. */
export interface Identity {
  auth: Auth;
  close(): Promise<void>;
}

export function createIdentity(config: ServerConfig): Identity {
  if (config.firebase.emulatorHost) {
    // firebase-admin reads the emulator address from the environment only.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
  }
  const credential = config.firebase.emulatorHost
    ? undefined
    : config.firebase.serviceAccountPath
      ? cert(JSON.parse(fs.readFileSync(config.firebase.serviceAccountPath, 'utf8')))
      : applicationDefault();
  // A named app per server instance: tests build several apps in one process.
  const options = credential ? { projectId: config.firebase.projectId, credential } : { projectId: config.firebase.projectId };
  const app: App = initializeApp(options, `tally-${crypto.randomUUID()}`);
  return { auth: getAuth(app), close: () => deleteApp(app) };
}
