import fp from 'fastify-plugin';
import { createReceiptScanner, type ReceiptScanner } from '../ocr';

/** Hands out the app's one receipt scanner. */
export interface ScannerProvider {
  /** The scanner, starting it if needed; rejects when the OCR engine cannot start. */
  get(): Promise<ReceiptScanner>;
}

declare module 'fastify' {
  interface FastifyInstance {
    receiptScanner: ScannerProvider;
  }
}

export interface OcrPluginOptions {
  maxQueue: number;
  /** PP-OCR: quiet ms after which the scan process exits and frees its memory (0: never). */
  idleMs?: number;
  /** The longest one scan may run, in ms (default SCAN_TIME_LIMIT_SECONDS). */
  scanTimeoutMs?: number;
  /** A scanner made elsewhere (tests); its owner closes it. */
  scanner?: ReceiptScanner;
  /**
   * Start the scanner on the first scan instead of at start-up. Tests of other modules build
   * the whole app and should not pay for a scan process they never use.
   */
  lazy?: boolean;
}

/**
 * Creates the scanner once and reuses it for every scan. If the engine cannot start (a bad
 * model file, no memory), the rest of the API still serves and the next scan tries again.
 */
export default fp<OcrPluginOptions>(async (app, opts) => {
  let starting: Promise<ReceiptScanner> | null = opts.scanner ? Promise.resolve(opts.scanner) : null;
  let closed = false;

  const provider: ScannerProvider = {
    get() {
      if (closed) return Promise.reject(new Error('The app is closing'));
      if (!starting) {
        const attempt = createReceiptScanner({ maxQueue: opts.maxQueue, idleMs: opts.idleMs, scanTimeoutMs: opts.scanTimeoutMs });
        starting = attempt;
        attempt.catch((err: unknown) => {
          app.log.error({ err }, 'the OCR engine failed to start');
          if (starting === attempt) starting = null;
        });
      }
      return starting;
    },
  };
  app.decorate('receiptScanner', provider);

  app.addHook('onClose', async () => {
    closed = true;
    if (opts.scanner || !starting) return;
    const scanner = await starting.catch(() => null);
    await scanner?.close();
  });

  if (!opts.lazy && !opts.scanner) await provider.get().catch(() => undefined);
});
