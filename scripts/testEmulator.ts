import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The auth emulator of the API tests, the browser tests and the benchmarks: where it listens
 * (apart from a running dev stack on 9099), its project and key, its config file, and accounts
 * made and signed in over its REST API, the calls the web SDK makes. It lives here, not under
 * __tests__, because e2e/ and bench/ use it as much as the tests do.
 */
export const TEST_EMULATOR_HOST = process.env.TEST_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
export const TEST_PROJECT_ID = 'demo-tally-test';
export const TEST_API_KEY = 'test-api-key';

/**
 * The config of an emulator on `host`, with its hub and logging ports next to it, so several runs
 * can live side by side. Runs make unique users and never clear accounts, so one may be shared.
 */
export function emulatorConfigFile(host: string): string {
  const port = Number(host.split(':')[1]);
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: port + 1 },
      logging: { host: '127.0.0.1', port: port + 2 },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const file = path.join(os.tmpdir(), `tally-firebase-${port}.json`);
  fs.writeFileSync(file, JSON.stringify(config));
  return file;
}

/** An address no other run uses: accounts are never cleared, so each test makes its own. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.com`;
}

const identityToolkit = () => `http://${TEST_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

/** Creates an account at the emulator and returns its ID token (with the display name in it, when given). */
export async function emulatorSignUp(email: string, password: string, displayName?: string): Promise<{ uid: string; token: string }> {
  const res = await fetch(`${identityToolkit()}/accounts:signUp?key=${TEST_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { localId: string; idToken: string; error?: { message: string } };
  if (!res.ok) throw new Error(`emulator signUp failed: ${body.error?.message}`);
  if (!displayName) return { uid: body.localId, token: body.idToken };
  // Set the display name, then sign in again so it appears in the token, as the web client's does.
  await fetch(`${identityToolkit()}/accounts:update?key=${TEST_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: body.idToken, displayName }),
  });
  return { uid: body.localId, token: await emulatorSignIn(email, password) };
}

export async function emulatorSignIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${identityToolkit()}/accounts:signInWithPassword?key=${TEST_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken: string; error?: { message: string } };
  if (!res.ok) throw new Error(`emulator signIn failed: ${body.error?.message}`);
  return body.idToken;
}

/**
 * Marks an account's address verified, as following the provider's verification mail does (an
 * admin call: the emulator takes 'owner' as an administrator's token). A sign-in after this
 * carries the claim.
 */
export async function emulatorVerifyEmail(uid: string): Promise<void> {
  const res = await fetch(`${identityToolkit()}/projects/${TEST_PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  if (!res.ok) throw new Error(`emulator verify failed: ${res.status} ${await res.text()}`);
}

/** A mail the emulator caught instead of sending it: its code, and the link a person would open. */
export interface EmulatorMail {
  email: string;
  requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL';
  oobCode: string;
  oobLink: string;
}

/** The latest mail of a kind the emulator caught for an address, if any. */
export async function emulatorMail(email: string, requestType: EmulatorMail['requestType']): Promise<EmulatorMail | undefined> {
  const res = await fetch(`http://${TEST_EMULATOR_HOST}/emulator/v1/projects/${TEST_PROJECT_ID}/oobCodes`);
  if (!res.ok) throw new Error(`emulator oobCodes failed: ${res.status} ${await res.text()}`);
  const { oobCodes } = (await res.json()) as { oobCodes: EmulatorMail[] };
  return oobCodes.filter((c) => c.email === email && c.requestType === requestType).pop();
}
