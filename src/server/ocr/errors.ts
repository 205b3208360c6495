/**
 * Error classes of the receipt OCR engine. The scan service maps them to HTTP statuses
 * (modules/scan/service.ts, toHttpError):
 * OcrInputError -> 400 (the caller sent something that is not a usable image),
 * OcrTimeoutError -> 400 (one too long to read: stopped, and the person retries or types it),
 * OcrBusyError -> 503 + Retry-After (queue full, try again shortly),
 * OcrFailedError -> 503 + Retry-After (the engine itself failed; the next request should work).
 */
export class OcrInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OcrInputError';
  }
}

/**
 * A receipt that took longer than the scan time limit: its reading was stopped (the scan process
 * killed) so it holds nobody else's scan. Trying again with the same file mostly fails the same
 * way, so a draft is not retried on its own; the person retries or enters it by hand.
 */
export class OcrTimeoutError extends OcrInputError {
  constructor(limitMs: number) {
    super(`Reading this receipt took longer than ${formatSeconds(limitMs)}, so it was stopped. Try again, or enter it by hand.`);
    this.name = 'OcrTimeoutError';
  }
}

function formatSeconds(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  return s === 1 ? '1 second' : `${s} seconds`;
}

export class OcrBusyError extends Error {
  /** Suggested seconds before retrying (for a Retry-After header). */
  readonly retryAfterSeconds: number;
  constructor(message = 'The receipt scanner is busy; try again shortly', retryAfterSeconds = 5) {
    super(message);
    this.name = 'OcrBusyError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class OcrFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message);
    this.name = 'OcrFailedError';
    if (options && 'cause' in options) (this as { cause?: unknown }).cause = options.cause;
  }
}
