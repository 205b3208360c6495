import { readStoredSession, hasStoredToken, TOKEN_STORAGE_KEY } from '../../../src/client/auth/storedSession';

/** An ID token shaped as the provider issues them (the client reads claims only; the API verifies). */
function idToken(claims: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const inSeconds = (s: number) => Math.floor(NOW / 1000) + s;

describe('readStoredSession', () => {
  afterEach(() => localStorage.clear());

  it('answers nothing when no token is stored', () => {
    expect(hasStoredToken()).toBe(false);
    expect(readStoredSession(NOW)).toBeNull();
  });

  it('reads the user from a token that is still valid', () => {
    const token = idToken({ user_id: 'u-1', sub: 'u-1', email: 'ann@example.com', email_verified: true, name: 'Ann', exp: inSeconds(3600) });
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    expect(readStoredSession(NOW)).toEqual({
      token,
      expiresAt: inSeconds(3600) * 1000,
      user: { uid: 'u-1', email: 'ann@example.com', displayName: 'Ann', photoURL: null, emailVerified: true },
    });
  });

  it('falls back to the subject claim and leaves absent names empty', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, idToken({ sub: 'u-2', exp: inSeconds(600) }));
    expect(readStoredSession(NOW)?.user).toEqual({ uid: 'u-2', email: '', displayName: null, photoURL: null, emailVerified: false });
  });

  it.each([
    ['expired', idToken({ user_id: 'u-1', exp: inSeconds(-10) })],
    ['about to expire (under a minute left)', idToken({ user_id: 'u-1', exp: inSeconds(30) })],
    ['without an expiry', idToken({ user_id: 'u-1' })],
    ['without a user', idToken({ exp: inSeconds(3600) })],
    ['with a non-text user', idToken({ user_id: 42, exp: inSeconds(3600) })],
    ['not a token', 'not-a-token'],
    ['with a payload that is not JSON', 'a.bm90IGpzb24.c'],
  ])('ignores a token %s, though one is stored', (_label, token) => {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    expect(hasStoredToken()).toBe(true);
    expect(readStoredSession(NOW)).toBeNull();
  });
});
