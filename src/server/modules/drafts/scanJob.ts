import type { Db } from '../../db';
import type { BlobStore } from '../../blobs/store';
import { HttpError } from '../../errors';
import type { Job, JobQueue, RetryPolicy } from '../../queue/jobQueue';
import type { ScanService } from '../scan/service';
import type { ScanReceiptResult } from '../../../shared/scan';
import { finishReading, startReading } from './repository';
import { deletePages, keepPreview } from './draftPreview';
import { MESSAGE_TYPE, receiptTextOfMessage } from '../../mail/messageText';

/** The queue of drafts to read, and where a job goes once its last try failed. */
export const SCAN_QUEUE = 'scan-receipt';
const SCAN_GAVE_UP_QUEUE = 'scan-receipt-gave-up';

export interface ScanJob {
  draftId: string;
}

export const COULD_NOT_READ = 'Could not read this receipt. Try again, or enter it by hand.';
const PHOTO_MISSING = 'The photo of this receipt is missing. Please enter it by hand.';

/** The scan's tries; a try outliving timeoutSeconds lost its worker (a process killed mid-scan). */
export interface ScanJobOptions extends RetryPolicy {
  /** Drafts this process reads at once; 0: none (another process reads them). */
  workers: number;
}

export interface ScanJobDeps {
  db: Db;
  blobs: BlobStore;
  scan: ScanService;
}

/**
 * Reads one draft's photo. The engine failing or being busy is worth another try (the job
 * throws, pg-boss waits and tries again); a picture that cannot be read is not, and fails at
 * once with the reason. The last try's failure is recorded on the draft before it throws.
 */
export async function readDraft(deps: ScanJobDeps, job: Job<ScanJob>): Promise<void> {
  const { draftId } = job.data;
  const draft = await startReading(deps.db, draftId);
  if (!draft) return; // saved, discarded or read meanwhile
  const photo = await deps.blobs.get(draft.image_key);
  if (!photo) {
    await finishReading(deps.db, draftId, { status: 'failed', error: PHOTO_MISSING });
    return;
  }
  let read: ScanReceiptResult;
  try {
    // A mail kept whole (an HTML or text e-receipt) is read from its text, without the OCR.
    read =
      photo.contentType === MESSAGE_TYPE
        ? await deps.scan.readTextRecorded(draft.user_id, await receiptTextOfMessage(photo.bytes))
        : await deps.scan.readRecorded(draft.user_id, photo.bytes);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 400) {
      await finishReading(deps.db, draftId, { status: 'failed', error: err.message });
      return;
    }
    const last = job.retryCount >= job.retryLimit;
    await finishReading(deps.db, draftId, last ? { status: 'failed', error: COULD_NOT_READ } : { status: 'queued' });
    throw err;
  }
  const { result, ...pages } = await keepPreview(deps.blobs, draft.user_id, read);
  const recorded = await finishReading(deps.db, draftId, { status: 'ready', result, pages });
  // Saved, discarded or read by another try meanwhile: nothing names these pages.
  if (!recorded) await deletePages(deps.blobs, [pages.previewKey, ...(pages.laterPageKeys ?? [])]);
}

/** A job whose last try never finished (its worker died each time) still ends its draft as failed. */
async function gaveUp(deps: ScanJobDeps, job: Job<ScanJob>): Promise<void> {
  await finishReading(deps.db, job.data.draftId, { status: 'failed', error: COULD_NOT_READ });
}

/**
 * Creates the scan queues (or brings their policy up to date) and starts `workers` readers in
 * this process: the API's own, or `npm run worker`'s. Every process that sends or reads does this.
 */
export async function setUpScanJobs(queue: JobQueue, deps: ScanJobDeps, options: ScanJobOptions): Promise<void> {
  await queue.defineWithGaveUp(SCAN_QUEUE, SCAN_GAVE_UP_QUEUE, options);
  if (options.workers === 0) return;
  await queue.work<ScanJob>(SCAN_QUEUE, options.workers, (job) => readDraft(deps, job));
  await queue.work<ScanJob>(SCAN_GAVE_UP_QUEUE, 1, (job) => gaveUp(deps, job));
}
