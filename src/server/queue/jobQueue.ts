import PgBoss from 'pg-boss';
import { sql, type Kysely } from 'kysely';
import { sqlExecutorOf, type DbHandle } from '../db';
import type { Database } from '../db/schema';

/** The job queue's own tables live in this schema of Tally's database, beside Tally's tables. */
export const QUEUE_SCHEMA = 'pgboss';

/** The first half of the keys of the queue's admission locks, apart from the start-up locks' (db/index.ts). */
const ADMISSION_LOCK_CLASS = 7_001;

export interface QueueTimings {
  /** How often an idle worker looks for new jobs. */
  pollingSeconds: number;
  /** How often jobs whose worker died are found (pg-boss's maintenance). */
  maintenanceSeconds: number;
}

export interface QueueDefinition {
  name: string;
  /** Tries after the first; each waits longer (exponential backoff from retryDelaySeconds). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job running longer is taken to have lost its worker and is tried again. */
  expireInSeconds: number;
  /** Where a job goes once its last try failed, so a worker there can record why. */
  deadLetter?: string;
}

/** How a module's jobs are tried: its settings, which tests shorten. */
export interface RetryPolicy {
  /** Tries after the first; each waits longer (exponential backoff from retryDelaySeconds). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A try running longer is taken to have lost its worker and is tried again. */
  timeoutSeconds: number;
}

/** A gave-up queue's worker only records a failure: a short try, and two more should it fail. */
const GAVE_UP_POLICY = { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 60 };

export interface Job<T> {
  id: string;
  data: T;
  /** Tries before this one. */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/**
 * Background jobs persisted in Tally's own database through pg-boss: on PostgreSQL through its
 * own connections, on PGlite through the embedded database's executor. Jobs are sent inside the
 * caller's transaction, so a job exists exactly when the rows it is about do.
 */
export class JobQueue {
  private readonly workers: { name: string; id: string }[] = [];

  private constructor(
    private readonly boss: PgBoss,
    private readonly pollingSeconds: number,
  ) {}

  static async open(handle: DbHandle, timings: QueueTimings, onError: (err: Error) => void): Promise<JobQueue> {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => handle.sql.executeSql(text, values) },
      schema: QUEUE_SCHEMA,
      schedule: false,
      maintenanceIntervalSeconds: timings.maintenanceSeconds,
      // Jobs in their final state are kept a day for inspection, then dropped.
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 1,
    });
    boss.on('error', onError);
    await boss.start();
    return new JobQueue(boss, timings.pollingSeconds);
  }

  /** Creates the queue, or brings its retry and expiry policy up to date. */
  async define(def: QueueDefinition): Promise<void> {
    const policy = {
      name: def.name,
      retryLimit: def.retryLimit,
      retryDelay: def.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: def.expireInSeconds,
      ...(def.deadLetter ? { deadLetter: def.deadLetter } : {}),
    };
    if (await this.boss.getQueue(def.name)) await this.boss.updateQueue(def.name, policy);
    else await this.boss.createQueue(def.name, policy);
  }

  /**
   * Creates the queue `name` and its gave-up queue (or brings their policies up to date): a job
   * whose last try failed, or whose worker died each time, moves to `gaveUp`, whose worker ends
   * what the job was about as failed, so nothing waits on it for ever.
   */
  async defineWithGaveUp(name: string, gaveUp: string, policy: RetryPolicy): Promise<void> {
    await this.define({ name: gaveUp, ...GAVE_UP_POLICY });
    await this.define({
      name,
      retryLimit: policy.retryLimit,
      retryDelaySeconds: policy.retryDelaySeconds,
      expireInSeconds: policy.timeoutSeconds,
      deadLetter: gaveUp,
    });
  }

  /** Sends a job inside the transaction `trx`: it is queued when and only when that commits. */
  async send<T extends object>(trx: Kysely<Database>, name: string, data: T): Promise<string> {
    const id = await this.boss.send(name, data, { db: sqlExecutorOf(trx) });
    if (!id) throw new Error(`The job queue refused a job for ${name}`);
    return id;
  }

  /**
   * Whether `adding` more jobs of `name` keep it at most `max` waiting or running, counted in
   * `trx` once it holds the queue's admission lock (until it ends): senders that ask before
   * sending take turns, so two at once cannot both count room for theirs, in any process.
   */
  async hasRoom(trx: Kysely<Database>, name: string, adding: number, max: number): Promise<boolean> {
    await sql`SELECT pg_advisory_xact_lock(${ADMISSION_LOCK_CLASS}, hashtext(${name}))`.execute(trx);
    // pg-boss's own count (getQueueSize) runs outside the transaction; this is its query, inside.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(`${QUEUE_SCHEMA}.job`)} WHERE name = ${name} AND state < 'completed'`.execute(trx);
    return rows[0].n + adding <= max;
  }

  /** Wakes this process's idle workers of `name` now instead of at their next poll. */
  wake(name: string): void {
    for (const w of this.workers) if (w.name === name) this.boss.notifyWorker(w.id);
  }

  /** Jobs of `name` waiting or running (not yet completed or failed for good). */
  pending(name: string): Promise<number> {
    return this.boss.getQueueSize(name, { before: 'completed' });
  }

  /**
   * Runs `concurrency` workers for `name`, each one job at a time. A handler that throws fails
   * the try; pg-boss tries again after the backoff until the retry limit.
   */
  async work<T extends object>(name: string, concurrency: number, handler: JobHandler<T>): Promise<void> {
    for (let i = 0; i < concurrency; i++) {
      const id = await this.boss.work<T>(name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.pollingSeconds }, async ([job]) => {
        await handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
      });
      this.workers.push({ name, id });
    }
  }

  /** Stops taking jobs and waits up to `timeoutMs` for the running ones to finish. */
  async stop(timeoutMs: number): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
  }
}
