/**
 * The API's side of the scan process: starts it on the first scan, sends it one picture at a
 * time, and lets it exit after a quiet spell so an idle server holds no OCR memory. A process
 * that dies mid-scan fails that scan (OcrFailedError) and the next scan starts a fresh one.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { OcrFailedError, OcrInputError, OcrTimeoutError } from '../errors';
import { SCAN_TIME_LIMIT_SECONDS } from '../../../shared/constants/scan';
import type { DateOrder } from '../parser';
import type { ScanResult } from '../types';
import type { ReadyMessage, ScanReply, ScanRequest } from './protocol';

export interface ScanProcessOptions {
  /** Quiet time after which the process exits and frees its memory (0: stay up). */
  idleMs?: number;
  /** Threads ONNX Runtime uses in the process (default: every core). */
  threads?: number;
  /** Bound on loading the models, in ms. */
  startTimeoutMs?: number;
  /** The longest one scan may run (default SCAN_TIME_LIMIT_SECONDS): past it the process is killed and the scan refused. */
  scanTimeoutMs?: number;
}

/** The compiled scan process beside a server build (scripts/build-server.ts), else the TypeScript source. */
const ENTRY = [path.join(__dirname, 'scan-child.js'), path.join(__dirname, 'entry.cjs')].find((f) => fs.existsSync(f)) ?? path.join(__dirname, 'entry.cjs');

interface Running {
  child: ChildProcess;
  ready: Promise<void>;
  pending: Map<number, { resolve: (r: ScanResult) => void; reject: (e: Error) => void }>;
}

export class ScanProcess {
  private running: Running | null = null;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly opts: ScanProcessOptions = {}) {}

  /** Starts the process now (and waits for its models) rather than on the first scan. */
  async warm(): Promise<void> {
    const run = this.ensure();
    hold(run.child, true);
    try {
      await run.ready;
    } finally {
      if (run.pending.size === 0) hold(run.child, false);
    }
    this.armIdle();
  }

  /** The process id while one runs (for measurements). */
  get pid(): number | undefined {
    return this.running?.child.pid;
  }

  async scan(image: Buffer, dateOrder: DateOrder, today?: Date): Promise<ScanResult> {
    if (this.closed) throw new OcrFailedError('The OCR engine is closed');
    this.disarmIdle();
    const run = this.ensure();
    hold(run.child, true);
    try {
      await run.ready;
      const id = this.nextId++;
      const reply = new Promise<ScanResult>((resolve, reject) => run.pending.set(id, { resolve, reject }));
      const request: ScanRequest = { id, image, dateOrder, today: today?.toISOString() };
      run.child.send(request);
      const limitMs = this.opts.scanTimeoutMs ?? SCAN_TIME_LIMIT_SECONDS * 1000;
      // Reading runs on the process's own threads and cannot be interrupted: past the limit the
      // process is killed, so nothing it was doing goes on, and the next scan starts a fresh one.
      const timer = setTimeout(() => this.stopOverrun(run, id, limitMs), limitMs);
      try {
        return await reply;
      } finally {
        clearTimeout(timer);
      }
    } finally {
      if (run.pending.size === 0) hold(run.child, false);
      this.armIdle();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.disarmIdle();
    await this.stop();
  }

  private ensure(): Running {
    if (this.running) return this.running;
    const child = fork(ENTRY, [], {
      serialization: 'advanced', // pictures travel as bytes, not as JSON arrays
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // glibc gives each inference thread a heap of its own by default; two keep the same speed in less memory.
      env: { MALLOC_ARENA_MAX: '2', ...process.env, ...(this.opts.threads ? { OCR_THREADS: String(this.opts.threads) } : {}) },
    });
    const pending: Running['pending'] = new Map();
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new OcrFailedError('Could not start the OCR engine: the models took too long to load'));
        child.kill('SIGKILL');
      }, this.opts.startTimeoutMs ?? 120_000);
      child.once('message', (m: ReadyMessage) => {
        clearTimeout(timer);
        if (m.ready) resolve();
        else reject(new OcrFailedError(`Could not start the OCR engine: ${m.message}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new OcrFailedError(`Could not start the OCR engine: it exited (${signal ?? code})`));
      });
    });
    ready.catch(() => undefined); // a failed start is reported to the scan that waits on it
    child.on('message', (m: ScanReply | ReadyMessage) => {
      if (!('id' in m)) return;
      const waiter = pending.get(m.id);
      if (!waiter) return;
      pending.delete(m.id);
      if (m.ok) waiter.resolve(m.result);
      else waiter.reject(m.kind === 'input' ? new OcrInputError(m.message) : new OcrFailedError(m.message));
    });
    child.on('exit', (code, signal) => {
      for (const w of pending.values()) w.reject(new OcrFailedError(`The OCR engine stopped (${signal ?? code}) while reading this picture`));
      pending.clear();
      if (this.running?.child === child) this.running = null;
    });
    this.running = { child, ready, pending };
    return this.running;
  }

  private stopOverrun(run: Running, id: number, limitMs: number): void {
    const waiter = run.pending.get(id);
    if (!waiter) return;
    run.pending.delete(id);
    if (this.running === run) this.running = null;
    // Answered once it is gone, so the next scan never shares the machine with it.
    run.child.once('exit', () => waiter.reject(new OcrTimeoutError(limitMs)));
    run.child.kill('SIGKILL');
  }

  private armIdle(): void {
    const idleMs = this.opts.idleMs ?? 0;
    if (this.closed || idleMs <= 0 || !this.running || this.running.pending.size > 0) return;
    this.disarmIdle();
    this.idleTimer = setTimeout(() => void this.stop(), idleMs);
    this.idleTimer.unref();
  }

  private disarmIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private async stop(): Promise<void> {
    const run = this.running;
    if (!run) return;
    this.running = null;
    if (run.child.exitCode !== null || run.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => run.child.once('exit', () => resolve()));
    // Closing the channel asks the process to exit; a stuck one is killed.
    run.child.disconnect();
    const timer = setTimeout(() => run.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

/** Keeps this process alive while it waits on the scan process, and only then. */
function hold(child: ChildProcess, busy: boolean): void {
  if (busy) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}
