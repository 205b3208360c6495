import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { badRequest, HttpError, payloadTooLarge } from './errors';

/**
 * A route's own limit per person, not per address (people behind one NAT must not share one),
 * counted before the body is read (preParsing, after authentication) so a flood costs no
 * decoding. `tooMany` words the 429 with the wait left ('1 minute'). The limiter itself is
 * registered once in plugins/security.ts.
 */
export function perUserRateLimit(name: string, maxPerMinute: number, tooMany: (wait: string) => string): RateLimitOptions {
  return {
    max: maxPerMinute,
    timeWindow: 60_000,
    hook: 'preParsing',
    keyGenerator: (req: FastifyRequest) => `${name}:${req.user.uid}`,
    errorResponseBuilder: (_req, ctx) => new HttpError(429, tooMany(ctx.after), { 'retry-after': String(Math.max(1, Math.ceil(ctx.ttl / 1000))) }),
  };
}

/** What a multipart route says when its form breaks a limit or is not a form. */
export interface MultipartWords {
  tooLarge: string;
  notMultipart: string;
  tooManyParts: string;
}

/** Multipart failures in plain words; a malformed form is the client's fault, never a 500. */
export function multipartError(err: unknown, words: MultipartWords): HttpError {
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(words.tooLarge);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(words.notMultipart);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, words.tooManyParts);
    default:
      if (err instanceof HttpError) return err;
      if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return new HttpError(statusCode, 'The upload could not be read');
      return badRequest('The upload could not be read');
  }
}
