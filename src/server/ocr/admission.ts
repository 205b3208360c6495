/**
 * Bounded admission for scans: at most `concurrency` run at once and at most `maxQueue` wait;
 * past that a scan is refused at once (OcrBusyError) rather than letting latency grow unbounded.
 */
import { OcrBusyError, OcrFailedError } from './errors';

export class Admission {
  private running = 0;
  private closed = false;
  private readonly waiting: { start: () => void; reject: (e: Error) => void }[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxQueue: number,
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closed) throw new OcrFailedError('The OCR engine is closed');
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) throw new OcrBusyError();
      await new Promise<void>((start, reject) => this.waiting.push({ start, reject }));
    } else {
      this.running++;
    }
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running--;
    }
  }

  stats(): { busy: number; queued: number; size: number } {
    return { busy: this.running, queued: this.waiting.length, size: this.concurrency };
  }

  close(): void {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.reject(new OcrFailedError('The OCR engine is closed'));
  }
}
