import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

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

/**
 * Security headers for a JSON API (it never serves HTML to run scripts, so the CSP denies all),
 * CORS only for the configured web origins, and the one rate limiter: off by default, routes opt
 * in with `config: { rateLimit }` (sign-up above, scan in modules/scan).
 */
export default fp<{ corsOrigins: string[] }>(async (app, { corsOrigins }) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], imgSrc: ["'self'", 'data:'] } },
    crossOriginResourcePolicy: { policy: 'cross-origin' }, // images are shown by the web origin
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || corsOrigins.includes(origin)),
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => new HttpError(429, `Too many requests. Please wait ${ctx.after} and try again.`, retryAfter(ctx.ttl)),
  });
});
