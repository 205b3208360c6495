/**
 * Tesseract worker pool. Workers are expensive to start (WASM + a ~12 MB model), so they are
 * created once at start-up and leased to one scan at a time. Admission is bounded: when too
 * many scans wait we refuse at once (OcrBusyError) instead of letting latency grow without end.
 * A worker that errors or whose thread dies is thrown away and replaced in the background.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { createWorker, OEM, type Worker as TessWorker } from 'tesseract.js';
import { OcrBusyError, OcrFailedError } from './errors';

export interface EngineOptions {
  /** Number of Tesseract workers (default: number of CPUs). */
  poolSize?: number;
  /** Scans allowed to wait for a worker; beyond that scans are refused with OcrBusyError. */
  maxQueue?: number;
  /** Bound on creating one worker (a bad model file can hang createWorker forever). */
  initTimeoutMs?: number;
  /** Bound on one recognise call; a stuck worker is killed and replaced. */
  jobTimeoutMs?: number;
  /** Tesseract parameters applied to every worker after init. */
  params?: Record<string, string>;
}

export interface RecognizeOutput {
  text: string;
  confidence: number;
  /** Word boxes and confidences (Tesseract TSV). */
  tsv: string;
}

/** The handle a scan gets while it holds a worker. */
export interface WorkerLease {
  recognize(image: Buffer, params?: Record<string, string>): Promise<RecognizeOutput>;
}

interface Slot {
  id: number;
  worker: TessWorker;
  thread: NodeThread | null;
  busy: boolean;
  dead: boolean;
  /** Rejects the in-flight job when the worker dies mid-job. */
  failCurrent: ((err: Error) => void) | null;
  appliedParams: string;
}

interface NodeThread {
  on(ev: 'error' | 'exit', fn: (arg: unknown) => void): unknown;
  terminate(): Promise<number>;
}

interface Waiter {
  resolve: (slot: Slot) => void;
  reject: (err: Error) => void;
}

/** Folder of the packaged LSTM "best_int" English model (no network at run time). */
export function resolveLangPath(): string {
  const pkg = require.resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(pkg), '4.0.0_best_int');
}

let cacheDir: string | null = null;
function tempCacheDir(): string {
  // tesseract.js would write an unzipped model copy into cachePath, by default the cwd.
  // One fixed temp folder per user: nothing lands in the repo and nothing piles up in /tmp.
  if (!cacheDir) {
    cacheDir = path.join(os.tmpdir(), `tally-ocr-cache-${process.getuid?.() ?? 'user'}`);
    fs.mkdirSync(cacheDir, { recursive: true });
  }
  return cacheDir;
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string, onLate?: (v: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const t = setTimeout(() => {
      done = true;
      reject(new OcrFailedError(`${what} timed out after ${ms} ms`));
    }, ms);
    p.then(
      (v) => {
        if (done) {
          onLate?.(v);
          return;
        }
        done = true;
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        if (done) return;
        done = true;
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

export const DEFAULT_PARAMS: Record<string, string> = {
  // Keep column gaps: the parser uses wide gaps to split item names from prices.
  preserve_interword_spaces: '1',
  // Our prepared images have no DPI; without this Tesseract warns and guesses 70.
  user_defined_dpi: '300',
  // Receipts are dark print on light paper (we normalise): skip the second recognition of
  // every low-confidence line as inverted text, which costs time and adds junk on photos.
  tessedit_do_invert: '0',
  // Tesseract's diagnostics ("Image too small to scale!!") would otherwise go to stderr.
  debug_file: '/dev/null',
  // The API's own default (one uniform block), stated so that a job that read with another
  // mode (a single line, a header) does not leave it set for the next job on the worker.
  tessedit_pageseg_mode: '6',
};

export class OcrEngine {
  private slots: Slot[] = [];
  private waiters: Waiter[] = [];
  private closed = false;
  private nextId = 1;
  private readonly size: number;
  private readonly maxQueue: number;
  private readonly initTimeoutMs: number;
  private readonly jobTimeoutMs: number;
  private readonly params: Record<string, string>;
  private replacing = 0;

  private constructor(opts: EngineOptions) {
    this.size = Math.max(1, Math.floor(opts.poolSize ?? os.availableParallelism?.() ?? os.cpus().length));
    this.maxQueue = Math.max(0, Math.floor(opts.maxQueue ?? this.size * 8));
    this.initTimeoutMs = opts.initTimeoutMs ?? 30_000;
    this.jobTimeoutMs = opts.jobTimeoutMs ?? 60_000;
    this.params = { ...DEFAULT_PARAMS, ...(opts.params ?? {}) };
  }

  static async create(opts: EngineOptions = {}): Promise<OcrEngine> {
    const engine = new OcrEngine(opts);
    const results = await Promise.allSettled(Array.from({ length: engine.size }, () => engine.spawn()));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await engine.close();
      throw failed.reason instanceof OcrFailedError
        ? failed.reason
        : new OcrFailedError(`Could not start the OCR engine: ${String(failed.reason)}`, { cause: failed.reason });
    }
    return engine;
  }

  private async spawn(): Promise<Slot> {
    let initError: ((e: Error) => void) | null = null;
    let slotRef: Slot | null = null;
    const initFailed = new Promise<never>((_, reject) => {
      initError = reject;
    });
    initFailed.catch(() => undefined);
    const created = createWorker('eng', OEM.LSTM_ONLY, {
      langPath: resolveLangPath(),
      gzip: true,
      cachePath: tempCacheDir(),
      // No model cache: workers started together would read each other's half-written cache
      // file (seen: "Error opening data file" and a crash inside tesseract.js). The packaged
      // gzip model is local, so reading it directly costs only the gunzip (~0.1 s per worker).
      cacheMethod: 'none',
      logger: () => undefined,
      // Mandatory: without an errorHandler tesseract.js rethrows worker errors from a message
      // callback, which crashes the whole process.
      errorHandler: (err: unknown) => {
        if (slotRef) this.onWorkerError(slotRef, err);
        else initError?.(new OcrFailedError(`OCR worker failed to start: ${String(err)}`));
      },
    });
    const worker = await withTimeout(
      Promise.race([created, initFailed]),
      this.initTimeoutMs,
      'Starting an OCR worker',
      (late) => void late.terminate().catch(() => undefined),
    );
    if (this.closed) {
      await worker.terminate().catch(() => undefined);
      throw new OcrFailedError('The OCR engine is closed');
    }
    await worker.setParameters(this.params);
    const slot: Slot = {
      id: this.nextId++,
      worker,
      thread: (worker as unknown as { worker?: NodeThread }).worker ?? null,
      busy: false,
      dead: false,
      failCurrent: null,
      appliedParams: '',
    };
    slotRef = slot;
    // Node worker_threads report crashes as events (tesseract.js only sets a browser-style
    // onerror property); listen so a crashed thread is replaced instead of hanging its job.
    slot.thread?.on('error', (e) => this.onWorkerError(slot, e));
    slot.thread?.on('exit', (code) => this.onWorkerError(slot, new Error(`OCR worker exited (code ${String(code)})`)));
    this.slots.push(slot);
    this.dispatch();
    return slot;
  }

  private onWorkerError(slot: Slot, err: unknown): void {
    if (slot.dead) return;
    slot.dead = true;
    this.slots = this.slots.filter((s) => s !== slot);
    const fail = slot.failCurrent;
    slot.failCurrent = null;
    fail?.(new OcrFailedError(`The OCR worker failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err }));
    void slot.worker.terminate().catch(() => undefined);
    if (!this.closed) this.replace();
  }

  /** Start a replacement worker, retrying with back-off if start-up fails. */
  private replace(attempt = 0): void {
    this.replacing++;
    this.spawn().then(
      () => {
        this.replacing--;
      },
      () => {
        this.replacing--;
        if (this.closed) return;
        const delay = Math.min(30_000, 500 * 2 ** attempt);
        setTimeout(() => this.replace(attempt + 1), delay).unref();
      },
    );
  }

  private dispatch(): void {
    while (this.waiters.length > 0) {
      const free = this.slots.find((s) => !s.busy && !s.dead);
      if (!free) return;
      const w = this.waiters.shift()!;
      free.busy = true;
      w.resolve(free);
    }
  }

  private acquire(): Promise<Slot> {
    if (this.closed) return Promise.reject(new OcrFailedError('The OCR engine is closed'));
    const free = this.waiters.length === 0 ? this.slots.find((s) => !s.busy && !s.dead) : undefined;
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    if (this.waiters.length >= this.maxQueue) return Promise.reject(new OcrBusyError());
    return new Promise<Slot>((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  private release(slot: Slot): void {
    slot.busy = false;
    slot.failCurrent = null;
    this.dispatch();
  }

  /**
   * Run `fn` while holding one worker. Admission happens here, before any image work, so a
   * refused request costs nothing and at most `poolSize` large images are decoded at once.
   */
  async withWorker<T>(fn: (lease: WorkerLease) => Promise<T>): Promise<T> {
    const slot = await this.acquire();
    const lease: WorkerLease = {
      recognize: (image, params) => this.recognizeOn(slot, image, params),
    };
    try {
      return await fn(lease);
    } finally {
      this.release(slot);
    }
  }

  private async recognizeOn(slot: Slot, image: Buffer, params?: Record<string, string>): Promise<RecognizeOutput> {
    if (slot.dead) throw new OcrFailedError('The OCR worker died');
    if (!Buffer.isBuffer(image)) throw new TypeError('recognize expects a Buffer'); // a string is read as a path/URL
    const died = new Promise<never>((_, reject) => {
      slot.failCurrent = reject;
    });
    died.catch(() => undefined);
    const run = async (): Promise<RecognizeOutput> => {
      const key = JSON.stringify(params ?? {});
      if (key !== slot.appliedParams) {
        await slot.worker.setParameters({ ...this.params, ...(params ?? {}) });
        slot.appliedParams = key;
      }
      const res = await slot.worker.recognize(image, {}, { text: true, tsv: true });
      return { text: res.data.text ?? '', confidence: res.data.confidence ?? 0, tsv: res.data.tsv ?? '' };
    };
    try {
      return await withTimeout(Promise.race([run(), died]), this.jobTimeoutMs, 'OCR');
    } catch (err) {
      // Any failure leaves the worker in an unknown state: replace it.
      if (!slot.dead) this.onWorkerError(slot, err);
      if (err instanceof OcrFailedError) throw err;
      throw new OcrFailedError(`OCR failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    } finally {
      slot.failCurrent = null;
    }
  }

  /**
   * Borrow a second, currently idle worker for a scan that already holds one, without
   * queueing. Null when scans are waiting (they have priority) or no worker is free.
   * The caller must call release().
   */
  tryBorrowIdle(): (WorkerLease & { release(): void }) | null {
    if (this.closed || this.waiters.length > 0) return null;
    const free = this.slots.find((s) => !s.busy && !s.dead);
    if (!free) return null;
    free.busy = true;
    let released = false;
    return {
      recognize: (image, params) => this.recognizeOn(free, image, params),
      release: () => {
        if (released) return;
        released = true;
        this.release(free);
      },
    };
  }

  stats(): { busy: number; queued: number; size: number } {
    return {
      busy: this.slots.filter((s) => s.busy).length,
      queued: this.waiters.length,
      size: this.size,
    };
  }

  /** For tests/diagnostics: the underlying worker threads. */
  threads(): NodeThread[] {
    return this.slots.map((s) => s.thread).filter((t): t is NodeThread => t !== null);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const waiters = this.waiters.splice(0);
    for (const w of waiters) w.reject(new OcrFailedError('The OCR engine is closed'));
    const slots = this.slots.splice(0);
    await Promise.all(
      slots.map(async (s) => {
        s.dead = true;
        s.failCurrent?.(new OcrFailedError('The OCR engine is closed'));
        await s.worker.terminate().catch(() => undefined);
      }),
    );
  }
}
