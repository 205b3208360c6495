import crypto from 'node:crypto';
import type { Db } from '../../db';
import { WEIGHTS } from '../../ocr';
import type { Job, JobQueue } from '../../queue/jobQueue';
import { REFIT_EVERY, refitPicker, teaches } from './personalPicker';
import { claimRefit, labelledScans, refitDue, saveRefit, storedPicker } from './personalPickerRepository';

/**
 * A person's picker is fitted again off the request path (issue 52): a save that makes a refit
 * due queues one job for the person (personal_picker.queued_at keeps it to one), and the job
 * fits on their saved scans and keeps the outcome. Running it twice does what running it once
 * does: the same scans give the same fit.
 */
export const REFIT_QUEUE = 'refit-picker';

export interface RefitJob {
  userId: string;
}

/** Which global weights a person's were fitted around: a refit of weights.json makes theirs stale. */
export const PICKER_VERSION = crypto.createHash('sha256').update(JSON.stringify(WEIGHTS)).digest('hex').slice(0, 16);

/** Fits the person's picker on their saved scans and keeps the outcome; nothing for an account gone. */
export async function refitFor(db: Db, userId: string): Promise<void> {
  const before = await storedPicker(db, userId);
  if (!before) return;
  const scans = await labelledScans(db, userId);
  // Between statements: the fit is CPU only, and no transaction waits on it.
  const fit = await refitPicker(scans, WEIGHTS);
  await saveRefit(db, userId, fit, scans.filter((s) => teaches(s.gold)).length, before.labelled_since_fit, PICKER_VERSION);
}

/**
 * After a save of a scan: queues the person's refit when one is due and none is queued, in one
 * transaction with the mark that says so. A failure here costs only this refit's turn: the next
 * save asks again, and the receipt is saved all the same.
 */
export async function queueRefitIfDue(db: Db, queues: () => Promise<JobQueue>, userId: string): Promise<void> {
  // Most saves make none due: they never open the queue.
  if (!(await refitDue(db, userId, REFIT_EVERY, PICKER_VERSION))) return;
  const queue = await queues();
  const queued = await db.transaction().execute(async (trx) => {
    if (!(await claimRefit(trx, userId, REFIT_EVERY, PICKER_VERSION))) return false;
    await queue.send<RefitJob>(trx, REFIT_QUEUE, { userId });
    return true;
  });
  if (queued) queue.wake(REFIT_QUEUE);
}

/** Creates the refit queue (or brings its policy up to date) and starts its one worker in this process. */
export async function setUpRefitJobs(queue: JobQueue, deps: { db: Db }): Promise<void> {
  // A refit is a second or two of CPU; one that outlives a minute lost its process.
  await queue.define({ name: REFIT_QUEUE, retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 60 });
  await queue.work<RefitJob>(REFIT_QUEUE, 1, (job: Job<RefitJob>) => refitFor(deps.db, job.data.userId));
}
