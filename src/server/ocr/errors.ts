/**
 * Error classes of the receipt OCR engine. The scan service maps them to HTTP statuses
 * (modules/scan/service.ts, toHttpError):
 * OcrInputError -> 400 (the caller sent something that is not a usable image),
 * OcrBusyError -> 503 + Retry-After (queue full, try again shortly),
 * OcrFailedError -> 503 + Retry-After (the engine itself failed; the next request should work).
 */
export class OcrInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OcrInputError';
  }
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
