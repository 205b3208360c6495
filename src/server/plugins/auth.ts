import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Identity } from '../identity';
import { unauthorized, unavailable } from '../errors';

export interface AuthUser {
  uid: string;
  email: string;
  name: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
  }
  interface FastifyInstance {
    /** onRequest hook: answers 401 unless the request carries a valid Firebase ID token. */
    authenticate: (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
    tokens: TokenVerifier;
  }
}

const CACHE_MAX = 10_000;
/** How long a verified token is trusted without asking the provider about revocation again. */
const REVOCATION_RECHECK_MS = 60_000;

/**
 * Verifies ID tokens once and remembers the result until the token expires or a minute passes,
 * so a burst of requests costs one check, not one each. forgetUser() drops a user's entries at
 * once (sign-out everywhere, account deletion).
 */
export class TokenVerifier {
  private cache = new Map<string, { user: AuthUser; until: number }>();

  constructor(private identity: Identity) {}

  /** The user of a token verified less than a minute ago, without waiting; null otherwise. */
  cached(token: string): AuthUser | null {
    const hit = this.cache.get(token);
    return hit && hit.until > Date.now() ? hit.user : null;
  }

  async verify(token: string): Promise<AuthUser> {
    const now = Date.now();
    const hit = this.cache.get(token);
    if (hit && hit.until > now) return hit.user;
    if (hit) this.cache.delete(token);

    let decoded: DecodedIdToken;
    try {
      decoded = await this.identity.auth.verifyIdToken(token, true);
    } catch (err) {
      throw mapVerifyError(err);
    }
    const user: AuthUser = { uid: decoded.uid, email: decoded.email ?? '', name: (decoded.name as string | undefined) ?? null };
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(token, { user, until: Math.min(decoded.exp * 1000, now + REVOCATION_RECHECK_MS) });
    return user;
  }

  forgetUser(uid: string): void {
    for (const [token, entry] of this.cache) if (entry.user.uid === uid) this.cache.delete(token);
  }
}

function mapVerifyError(err: unknown) {
  const code = String((err as { code?: string })?.code ?? '');
  switch (code) {
    case 'auth/id-token-expired':
      return unauthorized('Your session has expired. Please sign in again.');
    case 'auth/id-token-revoked':
    case 'auth/session-cookie-revoked':
      return unauthorized('Your session was signed out. Please sign in again.');
    case 'auth/user-disabled':
      return unauthorized('This account has been disabled.');
    case 'auth/user-not-found':
      return unauthorized('This account no longer exists.');
    case 'auth/argument-error':
    case 'auth/invalid-id-token':
      return unauthorized('Invalid authentication token.');
    default:
      if (/network|ECONNREFUSED|fetch failed|socket|timeout/i.test(String((err as Error)?.message)) || code === 'app/network-error' || code === 'auth/internal-error') {
        return unavailable('The sign-in service is unavailable. Please try again shortly.');
      }
      return unauthorized('Invalid authentication token.');
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

export default fp<{ identity: Identity }>(async (app, { identity }) => {
  const tokens = new TokenVerifier(identity);
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null as unknown as AuthUser);
  // Callback style with a synchronous path for a recently verified token: this runs on every
  // request, and most requests carry a token seen a moment ago.
  app.decorate('authenticate', (req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const token = bearerToken(req);
    if (!token) return done(unauthorized('Sign in required: missing bearer token.'));
    if (token.length > 8192 || token.split('.').length !== 3) return done(unauthorized('Invalid authentication token.'));
    const known = tokens.cached(token);
    if (known) {
      req.user = known;
      return done();
    }
    tokens.verify(token).then(
      (user) => {
        req.user = user;
        done();
      },
      (err: Error) => done(err),
    );
  });
});
