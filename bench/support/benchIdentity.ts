import type { Auth } from 'firebase-admin/auth';
import type { Identity } from '../../src/server/identity';

/** firebase-admin is not needed to time a route: this identity accepts any token as `uid`. */
export function benchIdentity(uid: string): Identity {
  const auth = { verifyIdToken: async () => ({ uid, email: `${uid}@bench.local`, exp: Math.floor(Date.now() / 1000) + 86_400 }) };
  return { auth: auth as unknown as Auth, close: async () => undefined };
}
