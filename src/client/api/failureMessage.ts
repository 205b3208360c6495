import type { ApiError } from './api';

/**
 * A spec §8 failure text, with the server's reason appended when it is one a person can act on
 * (a 4xx message such as a duplicate name, or no connection): 'Failed to create category: …'.
 */
export function failureMessage(base: string, error: unknown): string {
  const e = error as Partial<ApiError> | undefined;
  const status = e?.status;
  const actionable = (typeof status === 'number' && status >= 400 && status < 500 && status !== 401) || status === 'FETCH_ERROR';
  return actionable && typeof e?.message === 'string' && e.message ? `${base}: ${e.message}` : base;
}

/** True when the error is the API's 404. */
export function isNotFound(error: unknown): boolean {
  return (error as Partial<ApiError> | undefined)?.status === 404;
}
