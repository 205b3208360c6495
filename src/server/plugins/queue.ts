import fp from 'fastify-plugin';
import { exclusively, type DbHandle } from '../db';
import { JobQueue, type QueueTimings } from '../queue/jobQueue';

/** Hands out the app's job queue, opening it once. */
export interface QueueProvider {
  get(): Promise<JobQueue>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobQueue: QueueProvider;
  }
}

export interface QueuePluginOptions {
  handle: DbHandle;
  timings: QueueTimings;
  /** Defines the queues and starts this process's workers, once the queue is open. */
  setup: (queue: JobQueue) => Promise<void>;
  /** Open on first use instead of at start-up (tests of other modules never pay for it). */
  lazy?: boolean;
  /** How long closing waits for running jobs to finish. */
  stopTimeoutMs: number;
}

/**
 * The job queue in Tally's database. Closing stops taking jobs and lets the running ones finish
 * (preClose: before the scanner and the database close under them); a job cut short is tried
 * again by any process once its time is up.
 */
export default fp<QueuePluginOptions>(async (app, opts) => {
  let opening: Promise<JobQueue> | null = null;
  const provider: QueueProvider = {
    get() {
      if (!opening) {
        const attempt = exclusively(opts.handle, 'job queue', async () => {
          const queue = await JobQueue.open(opts.handle, opts.timings, (err) => app.log.error({ err }, 'job queue error'));
          await opts.setup(queue);
          return queue;
        });
        opening = attempt;
        // A queue that failed to open (the database away) is tried again by the next caller.
        attempt.catch(() => {
          if (opening === attempt) opening = null;
        });
      }
      return opening;
    },
  };
  app.decorate('jobQueue', provider);
  app.addHook('preClose', async () => {
    const queue = await opening?.catch(() => null);
    await queue?.stop(opts.stopTimeoutMs);
  });
  if (!opts.lazy) await provider.get();
});
