import fp from 'fastify-plugin';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type HookHandlerDoneFunction } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { HttpError } from '../errors';
import { INVITATION_TOKEN_HEADER } from '../../shared/constants/households';

/** Sign-up-related routes (POST /api/auth/register, POST /profile/): per address and user, per minute. */
export const SIGN_UP_RATE_LIMIT_PER_MINUTE = 10;

const retryAfter = (ttlMs: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))) });

/**
 * Route config for the sign-up-related routes. Route-level hooks run after the secured scope's
 * authentication, so req.user is known here; the address is part of the key too, so one client
 * cannot mint accounts (new uids) quickly from one place without each being limited.
 */
export const signUpRateLimit: RateLimitOptions = {
  max: SIGN_UP_RATE_LIMIT_PER_MINUTE,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => `signup:${req.ip}:${req.user?.uid ?? '-'}`,
  errorResponseBuilder: (_req, ctx) => new HttpError(429, `Too many sign-up attempts. Please wait ${ctx.after} and try again.`, retryAfter(ctx.ttl)),
};

/** What one person may send per minute; 0 leaves that kind unlimited. */
export interface PersonRateLimits {
  /** Writes: any method but GET and HEAD. */
  writes: number;
  /** Reads: GET and HEAD (an export or a deep page costs the database as much as a write). */
  reads: number;
}

/**
 * A hook for the signed-in scope: each user may send so many writes and so many reads per
 * minute, counted per user (people behind one NAT do not share them) in preParsing, so a refused
 * request costs no body reading or parsing. Each keeps its own count beside the routes' own
 * limits (scan, sign-up), which still apply.
 */
export function personRateLimit(app: FastifyInstance, limits: PersonRateLimits) {
  const counter = (kind: 'write' | 'read', max: number) =>
    max > 0 ? app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => `${kind}:${req.user.uid}` }) : null;
  const writes = counter('write', limits.writes);
  const reads = counter('read', limits.reads);
  return async (req: FastifyRequest): Promise<void> => {
    const reading = req.method === 'GET' || req.method === 'HEAD';
    const check = reading ? reads : writes;
    if (!check) return;
    const limit = await check(req);
    if (!limit.isAllowed && limit.isExceeded) {
      const what = reading ? 'requests' : 'changes';
      throw new HttpError(429, `Too many ${what} in a short time. Please wait ${limit.ttlInSeconds} s and try again.`, retryAfter(limit.ttl));
    }
  };
}

/**
 * Helmet settings for a JSON API: its answers are data, never a page, so the CSP denies
 * everything; helmet's own defaults (scripts from 'self', styles from https:, ...) are not merged
 * in. /docs has its own policy (DOCS_CSP). The web server in web/webApp.ts has its own too.
 */
export const API_HELMET: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' }, // images are shown by the web origin
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
};

/**
 * The policy of the Swagger UI page at /docs: its own scripts, styles and the OpenAPI document
 * from this origin (the UI sets inline style attributes), nothing from elsewhere, never framed.
 */
export const DOCS_CSP: Record<string, string> = {
  'default-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
};

/** Personal data must not be kept by browsers or proxies: every signed-in answer says so. */
export const PRIVATE_CACHE_CONTROL = 'no-store';

/**
 * The headers helmet sends with these options, asked of helmet itself once. They depend on
 * nothing in the request, and @fastify/helmet rebuilds its middleware (CSP parsing included)
 * for every request: about half of a cached GET's time.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  // Nothing but helmet has set a header when the handler runs.
  probe.get('/', (_req, reply) => {
    reply.send(Object.fromEntries(Object.entries(reply.getHeaders()).map(([name, value]) => [name, String(value)])));
  });
  try {
    return (await probe.inject({ method: 'GET', url: '/' })).json<Record<string, string>>();
  } finally {
    await probe.close();
  }
}

export interface SecurityOptions {
  corsOrigins: string[];
  /** Counts limits in Redis, shared by every instance; without it each process counts its own. */
  redis?: Redis | null;
}

/**
 * Security headers on every answer, CORS only for the configured web origins, and the one rate
 * limiter: off by default, routes opt in with `config: { rateLimit }` (sign-up above, scan in
 * modules/scan).
 */
export default fp<SecurityOptions>(async (app, { corsOrigins, redis }) => {
  const securityHeaders = await helmetHeaders(API_HELMET);
  // onRequest, as helmet does: error answers (401, 404, 429, ...) carry them too.
  app.addHook('onRequest', (_req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || corsOrigins.includes(origin)),
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    // The invitation token is read from a header, so that it stays out of addresses and logs.
    allowedHeaders: ['Authorization', 'Content-Type', INVITATION_TOKEN_HEADER],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'tally-rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => new HttpError(429, `Too many requests. Please wait ${ctx.after} and try again.`, retryAfter(ctx.ttl)),
  });
});
