/**
 * The recognisers, one per core, each on a worker thread of its own. On CPU the recogniser's
 * small batches gain little from a second thread inside one model run, but two runs side by
 * side take half the time: the pool reads a receipt's batches in parallel.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { ModelFiles } from './models';
import { LINE_HEIGHT, type RecognitionTask, type RecognizedText } from './recognize';
import type { RecognitionWorkerData } from './recognizeWorker';

/** The compiled worker beside a server build (scripts/build-server.ts), else the TypeScript source. */
const WORKER =
  [path.join(__dirname, 'recognize-worker.js'), path.join(__dirname, 'recognizeWorker.cjs')].find((f) => fs.existsSync(f)) ??
  path.join(__dirname, 'recognizeWorker.cjs');

/** A batch that waits for a worker's models to load and runs one: a pool that starts is a pool that reads. */
const WARM_UP: RecognitionTask = { grey: new Float32Array(LINE_HEIGHT * 16), count: 1, width: 16, steps: [2], reader: 'first' };

export class RecognitionPool {
  private constructor(private readonly pool: Piscina<RecognitionTask, RecognizedText[]>) {}

  static async create(files: ModelFiles, size: number): Promise<RecognitionPool> {
    const workerData: RecognitionWorkerData = { first: files.first, second: files.second };
    const pool = new Piscina<RecognitionTask, RecognizedText[]>({
      filename: WORKER,
      minThreads: size,
      maxThreads: size,
      // The workers hold the model for the life of the scan process, which itself exits when idle.
      idleTimeout: Infinity,
      workerData,
    });
    const recognition = new RecognitionPool(pool);
    // Every warm-up settles, failed or not, before a failed start ends the workers: ending a worker
    // while ONNX Runtime is still creating a session in it aborts the whole process.
    const warmUps = await Promise.allSettled(Array.from({ length: size }, () => recognition.read({ ...WARM_UP, grey: WARM_UP.grey.slice() })));
    const failed = warmUps.find((w): w is PromiseRejectedResult => w.status === 'rejected');
    if (failed) {
      await pool.destroy();
      throw failed.reason;
    }
    return recognition;
  }

  /** Reads one batch; its crop buffer moves to the worker and is unusable here afterwards. */
  read(task: RecognitionTask): Promise<RecognizedText[]> {
    return this.pool.run(task, { transferList: [task.grey.buffer] });
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
