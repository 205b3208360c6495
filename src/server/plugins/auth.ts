import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Identity } from '../identity';
import { unauthorized, unavailable } from '../errors';

export interface AuthUser {
  uid: string;
  email: string;
  /** The provider checked that the person can read mail at `email` (household invitations ask for it). */
  emailVerified: boolean;
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

/** A verified token's user, trusted until `until`; forgetting the user sets it to 0 at once. */
interface Verdict {
  user: AuthUser;
  until: number;
}

/**
 * Verifies ID tokens once and remembers the result until the token expires or a minute passes,
 * so a burst of requests costs one check, not one each. forgetUser() drops a user's entries at
 * once (sign-out everywhere, account deletion).
 */
export class TokenVerifier {
  private cache = new Map<string, Verdict>();

  constructor(private identity: Identity) {}

  /** The verdict on a token verified less than a minute ago, without waiting; null otherwise. */
  cached(token: string): Verdict | null {
    const hit = this.cache.get(token);
    return hit && hit.until > Date.now() ? hit : null;
  }

  async verify(token: string): Promise<Verdict> {
    const now = Date.now();
    const hit = this.cache.get(token);
    if (hit && hit.until > now) return hit;
    if (hit) this.cache.delete(token);

    let decoded: DecodedIdToken;
    try {
      decoded = await this.identity.auth.verifyIdToken(token, true);
    } catch (err) {
      throw mapVerifyError(err);
    }
    const user: AuthUser = {
      uid: decoded.uid,
      email: decoded.email ?? '',
      emailVerified: decoded.email_verified === true,
      name: (decoded.name as string | undefined) ?? null,
    };
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    const verdict: Verdict = { user, until: Math.min(decoded.exp * 1000, now + REVOCATION_RECHECK_MS) };
    this.cache.set(token, verdict);
    return verdict;
  }

  forgetUser(uid: string): void {
    for (const [token, verdict] of this.cache) {
      if (verdict.user.uid !== uid) continue;
      verdict.until = 0; // also for connections that remember it (below)
      this.cache.delete(token);
    }
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
      if (
        /network|ECONNREFUSED|fetch failed|socket|timeout/i.test(String((err as Error)?.message)) ||
        code === 'app/network-error' ||
        code === 'auth/internal-error'
      ) {
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
  // The Authorization header each connection sent last, with its verdict. A browser sends the
  // same token over its keep-alive connection request after request: comparing the header with
  // the last one skips parsing the ~1 KB token and hashing it for the cache (most of what
  // authentication cost per request). The trust is the token cache's: the same token, the same
  // expiry, and a forgotten user's verdict ends at once.
  const lastOnConnection = new WeakMap<object, { header: string; verdict: Verdict }>();
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null as unknown as AuthUser);
  // Callback style with a synchronous path for a recently verified token: this runs on every
  // request, and most requests carry a token seen a moment ago.
  app.decorate('authenticate', (req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const header = req.headers.authorization;
    const connection = req.raw.socket as object | null;
    const last = connection ? lastOnConnection.get(connection) : undefined;
    if (last && last.header === header && last.verdict.until > Date.now()) {
      req.user = last.verdict.user;
      return done();
    }
    const token = bearerToken(req);
    if (!token) return done(unauthorized('Sign in required: missing bearer token.'));
    if (token.length > 8192 || token.split('.').length !== 3) return done(unauthorized('Invalid authentication token.'));
    const trust = (verdict: Verdict) => {
      if (connection) lastOnConnection.set(connection, { header: header as string, verdict });
      req.user = verdict.user;
      done();
    };
    const known = tokens.cached(token);
    if (known) return trust(known);
    tokens.verify(token).then(trust, (err: Error) => done(err));
  });
});
