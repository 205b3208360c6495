import { jwtDecode, type JwtPayload } from 'jwt-decode';
import type { SessionUser } from './sessionSlice';

/** While signed in, the current ID token is mirrored here (spec §4); the SDK owns the real session. */
export const TOKEN_STORAGE_KEY = 'tally.token';

/** A stored token with less life left than this is not used: the SDK must refresh it first. */
const MIN_LIFE_MS = 60_000;

interface IdTokenClaims extends JwtPayload {
  user_id?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface StoredSession {
  token: string;
  /** When the token expires, in ms since the epoch. */
  expiresAt: number;
  user: SessionUser;
}

/** Whose ID token this is (its user_id claim), or null when it cannot be read. */
export function uidOfToken(token: string): string | null {
  try {
    const claims = jwtDecode<IdTokenClaims>(token);
    const uid = claims.user_id ?? claims.sub;
    return typeof uid === 'string' && uid ? uid : null;
  } catch {
    return null;
  }
}

export function hasStoredToken(): boolean {
  try {
    return Boolean(localStorage.getItem(TOKEN_STORAGE_KEY));
  } catch {
    return false;
  }
}

/**
 * The session the mirrored token describes, while it is still valid for a while. It lets the app
 * show the signed-in screens and call the API before the identity SDK has loaded; the API still
 * verifies the token, so nothing here is trusted beyond showing the right screen sooner.
 */
export function readStoredSession(now = Date.now()): StoredSession | null {
  let token: string | null;
  try {
    token = localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!token) return null;
  let claims: IdTokenClaims;
  try {
    claims = jwtDecode<IdTokenClaims>(token);
  } catch {
    return null;
  }
  const uid = uidOfToken(token);
  if (!uid || typeof claims.exp !== 'number' || claims.exp * 1000 - now < MIN_LIFE_MS) return null;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    token,
    expiresAt: claims.exp * 1000,
    user: {
      uid,
      email: text(claims.email) ?? '',
      displayName: text(claims.name),
      photoURL: text(claims.picture),
      emailVerified: claims.email_verified === true,
    },
  };
}
