import type { ErrorCode } from '../shared/constants/errors';

/** Errors a service may throw; the error plugin turns them into the one JSON error shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** What a client can act on, answered as the body's `code`. */
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string, code?: ErrorCode) => new HttpError(403, message, {}, code);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unavailable = (message: string, retryAfterSeconds = 5) => new HttpError(503, message, { 'retry-after': String(retryAfterSeconds) });
