import type { Db } from '../../db';
import type { Executor } from '../../db/schema';
import { contentTypeOf, type BlobStore } from '../../blobs/store';
import type { BlobUrlSigner } from '../../blobs/signedUrls';
import { imageHash, receiptFileToKeep } from '../../images/stored';
import { fileTooLarge, NOT_A_RECEIPT_FILE, sniffReceiptFileType } from '../../images/upload';
import { writeAsUser } from '../../db/accountGate';
import { badRequest, conflict, HttpError, notFound, unavailable } from '../../errors';
import { currencyOfMarker, toMinor } from '../../../shared/currency';
import { MAX_DRAFT_FILES, MAX_OPEN_DRAFTS, REVIEWED, type Draft, type DraftDateAnswer, type DraftUpload, type LikeReceipt } from '../../../shared/drafts';
import type { SameReceiptQuery } from '../../../shared/receipts';
import type { DateOrder } from '../../../shared/settings';
import { findLikeReceipts, findSameReceipt, toLikeReceipt, type LikeQuery, type TakenDraft } from '../receipts/service';
import { findHomeCurrency } from '../currency/service';
import type { ScanService } from '../scan/service';
import type { Clock } from '../../clock';
import {
  countDrafts,
  deleteDraft,
  findClientUploads,
  findDraft,
  insertClientIds,
  insertDrafts,
  listDrafts,
  lockDraft,
  lockDraftCount,
  requeueDraft,
  setDraftDate,
  type DraftRow,
  type NewDraft,
} from './repository';
import { SCAN_QUEUE, type ScanJob } from './scanJob';
import { documentOf } from './draftPreview';
import { MESSAGE_TYPE } from '../../mail/messageText';
import type { JobQueue } from '../../queue/jobQueue';

const draftNotFound = () => notFound('Draft not found');

/** One file of an upload; `read` throws an HttpError (413, 400) when the file cannot be taken. */
export interface UploadedFile {
  name: string;
  /** The id the device gave this photo: sent again, it is answered with the draft it became. */
  clientId?: string;
  read(): Promise<Buffer>;
}

/** What one mail brings one person, as the mail listener has sorted it (modules/mailIn). */
export interface MailDrafts {
  /** The whole message as it arrived (.eml). */
  message: Buffer;
  /** Its photos and PDFs, each a draft of its own. */
  files: UploadedFile[];
  /** Why the mail is not read (a sender not allowed, nothing receipt-like); null: read it. */
  unread: string | null;
}

export const TOO_MANY_DRAFTS = `You have ${MAX_OPEN_DRAFTS} receipts waiting for review. Save or discard some before adding more.`;
/** A mail kept unread (or whose text could not be read) is not read again: what it lacks is not a reading. */
export const MAIL_NOT_RETRIED = 'A receipt received by e-mail is not read again. Enter it by hand, or allow its sender and send it again.';
export const QUEUE_FULL = 'Tally is reading a great many receipts right now. Please try again in a few minutes.';

export interface DraftServiceOptions {
  /** Jobs waiting or running that uploads may bring the queue to, and no further: past it they are refused for a while (503). */
  queueMax: number;
}

/** Receipts photographed in bulk: stored, read in the background (scanJob.ts), reviewed, then saved or discarded. */
export class DraftService {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly urls: BlobUrlSigner,
    private readonly queue: () => Promise<JobQueue>,
    private readonly options: DraftServiceOptions,
    private readonly scan: ScanService,
    private readonly clock: Clock,
  ) {}

  /** Refuses an upload before its body is read when the person or the queue has no room (both counted again as its drafts go in). */
  async admit(userId: string): Promise<void> {
    if ((await countDrafts(this.db, userId)) >= MAX_OPEN_DRAFTS) throw tooManyDrafts();
    const queue = await this.queue();
    if ((await queue.pending(SCAN_QUEUE)) >= this.options.queueMax) throw queueFull();
  }

  /**
   * Stores each good image and queues it, drafts and jobs in one transaction: once this answers,
   * every accepted photo will be read even if the process dies at once. A file that is not a
   * picture is refused alone; when none is good, the first refusal is the answer.
   */
  async upload(userId: string, files: AsyncIterable<UploadedFile>): Promise<DraftUpload[]> {
    const answers: StoredFile[] = [];
    let repeats: StoredFile[] = [];
    try {
      for await (const file of files) {
        if (answers.length >= MAX_DRAFT_FILES) throw new HttpError(413, `Send at most ${MAX_DRAFT_FILES} photos at once`);
        if (file.clientId && answers.some((a) => a.answer.client_id === file.clientId))
          throw badRequest(`The client_id ${file.clientId} was sent twice in one upload`);
        answers.push(await this.store(userId, file));
      }
      const stored = answers.filter((a) => a.stored);
      if (stored.length === 0) throw firstRefusal(answers);
      const queue = await this.queue();
      const { rows, known } = await writeAsUser(this.db, userId, async (trx) => {
        await lockDraftCount(trx, userId);
        // Under the lock: an upload of the same client id at the same time has committed or waits.
        const clientIds = stored.flatMap((a) => (a.answer.client_id ? [a.answer.client_id] : []));
        const known = new Map((await findClientUploads(trx, userId, clientIds)).map((k) => [k.client_id, k]));
        const fresh = stored.filter((a) => !known.has(a.answer.client_id!));
        if (fresh.length === 0) return { rows: [], known };
        if ((await countDrafts(trx, userId)) + fresh.length > MAX_OPEN_DRAFTS) throw tooManyDrafts();
        // Counted again as the jobs go in: uploads that all passed the door at once may not all fit.
        if (!(await queue.hasRoom(trx, SCAN_QUEUE, fresh.length, this.options.queueMax))) throw queueFull();
        const inserted = await insertDrafts(
          trx,
          userId,
          fresh.map((a) => a.stored!),
        );
        await insertClientIds(
          trx,
          userId,
          fresh.flatMap((a, i) => (a.answer.client_id ? [{ client_id: a.answer.client_id, draft_id: inserted[i].id }] : [])),
        );
        for (const row of inserted) await queue.send<ScanJob>(trx, SCAN_QUEUE, { draftId: row.id });
        return { rows: inserted, known };
      });
      if (rows.length) queue.wake(SCAN_QUEUE);
      // A photo received before is answered with its draft; the copy just stored goes.
      repeats = stored.filter((a) => known.has(a.answer.client_id!));
      const idOf = new Map(rows.map((r) => [r.image_key, r.id]));
      return answers.map(({ answer, stored: kept }) => {
        const before = answer.client_id ? known.get(answer.client_id) : undefined;
        if (before) return { ...answer, _id: before.draft_id, status: before.status ?? REVIEWED, repeat: true };
        return kept ? { ...answer, _id: idOf.get(kept.image_key)! } : answer;
      });
    } catch (err) {
      repeats = answers;
      throw err;
    } finally {
      await Promise.all(repeats.map((a) => a.stored && this.deleteBlobQuietly(a.stored.image_key)));
    }
  }

  /**
   * What one mail brings one person (modules/mailIn): a draft per receipt file, else a draft of
   * the message itself (its text is read), else, when it is not to be read, a draft of the
   * message that says why. Stored, counted against the person's and the queue's limits, and
   * queued in one transaction, as an upload is: all of it or nothing. Answers the drafts made.
   */
  async receiveMail(userId: string, mail: MailDrafts): Promise<number> {
    const kept: NewDraft[] = [];
    try {
      if (mail.unread !== null) kept.push(await this.keepMessage(userId, mail.message, mail.unread));
      else {
        const refused: string[] = [];
        for (const file of mail.files) {
          const taken = await this.store(userId, file);
          if (taken.stored) kept.push(taken.stored);
          else refused.push(`${file.name}: ${taken.answer.error}`);
        }
        // A file that cannot be taken still leaves the mail in the queue, saying which and why.
        if (refused.length) kept.push(await this.keepMessage(userId, mail.message, `Tally could not take ${refused.join('; ')}`));
        if (mail.files.length === 0) kept.push(await this.keepMessage(userId, mail.message, null));
      }
      const toRead = kept.filter((d) => d.status !== 'failed').length;
      const queue = await this.queue();
      const rows = await writeAsUser(this.db, userId, async (trx) => {
        await lockDraftCount(trx, userId);
        if ((await countDrafts(trx, userId)) + kept.length > MAX_OPEN_DRAFTS) throw tooManyDrafts();
        if (toRead && !(await queue.hasRoom(trx, SCAN_QUEUE, toRead, this.options.queueMax))) throw queueFull();
        const inserted = await insertDrafts(trx, userId, kept);
        for (const row of inserted) if (row.status === 'queued') await queue.send<ScanJob>(trx, SCAN_QUEUE, { draftId: row.id });
        return inserted;
      });
      if (toRead) queue.wake(SCAN_QUEUE);
      return rows.length;
    } catch (err) {
      await Promise.all(kept.map((d) => this.deleteBlobQuietly(d.image_key)));
      throw err;
    }
  }

  /** The whole message kept as a draft's original: to be read (its text), or not, with the reason. */
  private async keepMessage(userId: string, message: Buffer, unread: string | null): Promise<NewDraft> {
    const kept: NewDraft = { image_key: await this.blobs.put(userId, message, MESSAGE_TYPE), image_hash: imageHash(message), status: 'queued' };
    return unread === null ? kept : { ...kept, status: 'failed', error: unread };
  }

  /** The person's drafts, newest first, each ready one with the saved receipt it looks like, if any. */
  async list(userId: string): Promise<Draft[]> {
    const rows = await listDrafts(this.db, userId);
    const ready = rows.filter((r) => r.status === 'ready');
    const home = ready.length ? await findHomeCurrency(this.db, userId) : '';
    const likes = await findLikeReceipts(
      this.db,
      userId,
      ready.map((r) => likeQueryOf(r, home)),
    );
    const likeOf = new Map(ready.map((r, i) => [r.id, likes[i]]));
    return rows.map((row) => {
      const like = likeOf.get(row.id);
      return this.toDraft(row, like ? toLikeReceipt(like) : null);
    });
  }

  /** The receipt saved or imported that this draft, as the person has corrected it, looks like: by its photo too. */
  async findSame(userId: string, id: string, query: SameReceiptQuery): Promise<LikeReceipt | null> {
    const draft = await findDraft(this.db, userId, id);
    if (!draft) throw draftNotFound();
    return findSameReceipt(this.db, userId, query, this.clock(), draft.image_hash);
  }

  /**
   * Reads a ready draft's photo again with another date order (as the single scan does) and keeps
   * the date read, and the order, on the draft; a date that cannot be read keeps the one it had.
   */
  async readDate(userId: string, id: string, order: DateOrder): Promise<DraftDateAnswer> {
    const draft = await findDraft(this.db, userId, id);
    if (!draft) throw draftNotFound();
    if (draft.status !== 'ready' || !draft.result) throw conflict('This receipt has not been read yet');
    const photo = await this.blobs.get(draft.image_key);
    if (!photo) throw conflict('The photo of this receipt is missing. Please enter the date by hand.');
    const { date } = (await this.scan.read(userId, photo.bytes, order)).processed_data;
    if (date) {
      const result = { ...draft.result, date_order: order, processed_data: { ...draft.result.processed_data, date } };
      await writeAsUser(this.db, userId, (trx) => setDraftDate(trx, userId, id, result));
    }
    return { date };
  }

  /** Reads a draft that could not be read once more. */
  async retry(userId: string, id: string): Promise<void> {
    const queue = await this.queue();
    await writeAsUser(this.db, userId, async (trx) => {
      const draft = await lockDraft(trx, userId, id);
      if (!draft) throw draftNotFound();
      if (draft.status !== 'failed') throw conflict('This receipt is not waiting for another try');
      if (contentTypeOf(draft.image_key) === MESSAGE_TYPE) throw conflict(MAIL_NOT_RETRIED);
      if (!(await queue.hasRoom(trx, SCAN_QUEUE, 1, this.options.queueMax))) throw queueFull();
      await requeueDraft(trx, userId, id);
      await queue.send<ScanJob>(trx, SCAN_QUEUE, { draftId: id });
    });
    queue.wake(SCAN_QUEUE);
  }

  /** Discards a draft, its photo and its preview. */
  async delete(userId: string, id: string): Promise<void> {
    const keys = await writeAsUser(this.db, userId, async (trx) => {
      const draft = await lockDraft(trx, userId, id);
      if (!draft) throw draftNotFound();
      await deleteDraft(trx, userId, id);
      return [draft.image_key, draft.preview_key, ...(draft.later_page_keys ?? [])];
    });
    await Promise.all(keys.map((key) => key && this.deleteBlobQuietly(key)));
  }

  private async store(userId: string, file: UploadedFile): Promise<StoredFile> {
    const clientId = file.clientId ? { client_id: file.clientId } : {};
    const refused = (err: unknown): StoredFile => {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      return { answer: { _id: null, status: 'failed', file: file.name, error: err.message, ...clientId }, refusal: err };
    };
    let bytes: Buffer;
    try {
      bytes = await file.read();
    } catch (err) {
      return refused(err);
    }
    const contentType = sniffReceiptFileType(bytes);
    if (!contentType) return refused(new HttpError(400, NOT_A_RECEIPT_FILE));
    const tooLarge = fileTooLarge({ bytes, contentType });
    if (tooLarge) return refused(new HttpError(413, tooLarge));
    let image;
    try {
      image = await receiptFileToKeep({ bytes, contentType }, file.name);
    } catch (err) {
      return refused(err);
    }
    const key = await this.blobs.put(userId, image.bytes, image.contentType);
    return { answer: { _id: null, status: 'queued', file: file.name, ...clientId }, stored: { image_key: key, image_hash: imageHash(image.bytes) } };
  }

  private toDraft(row: DraftRow, duplicateOf: LikeReceipt | null): Draft {
    const result = row.status === 'ready' ? row.result : null;
    const document = result?.document && documentOf(result.document, { previewKey: row.preview_key, laterPageKeys: row.later_page_keys }, this.urls);
    return {
      _id: row.id,
      status: row.status,
      error: row.error,
      image_url: this.urls.url(row.image_key),
      created_at: new Date(row.created_at).toISOString(),
      processed_data: result?.processed_data ?? null,
      confidence: result?.confidence ?? null,
      raw_text: result?.raw_text ?? null,
      scan_ref: result?.scan_ref ?? null,
      suggested_category_id: result?.suggested_category_id ?? null,
      currency: result?.currency ?? null,
      date_order: result?.date_order ?? null,
      suggested_date_order: result?.suggested_date_order ?? null,
      store_remembered: result?.store_remembered ?? false,
      duplicate_of: duplicateOf,
      ...(document ? { document } : {}),
      ...(result?.reasons ? { reasons: result.reasons } : {}),
      ...(result?.read_id ? { read_id: result.read_id } : {}),
    };
  }

  private async deleteBlobQuietly(key: string): Promise<void> {
    await this.blobs.delete(key).catch(() => undefined);
  }
}

/**
 * What a ready draft is compared with saved receipts by: its photo, and the store, date and total
 * read, in the currency its printed marker names (else the home one), as the review form reads it.
 */
function likeQueryOf(row: DraftRow, home: string): LikeQuery {
  const read = row.result?.processed_data;
  const currency = currencyOfMarker(row.result?.currency, home) ?? home;
  return {
    imageHash: row.image_hash,
    store: read?.store_name || null,
    date: read?.date ?? null,
    currency,
    printedMinor: typeof read?.total_amount === 'number' ? toMinor(read.total_amount, currency) : null,
  };
}

function queueFull(): HttpError {
  return unavailable(QUEUE_FULL, 60);
}

function tooManyDrafts(): HttpError {
  return new HttpError(429, TOO_MANY_DRAFTS, { 'retry-after': '60' });
}

/** An uploaded file: stored for a draft, or refused with the reason. */
interface StoredFile {
  answer: DraftUpload;
  stored?: NewDraft;
  refusal?: HttpError;
}

/** The answer to an upload of which nothing could be taken. */
function firstRefusal(files: StoredFile[]): HttpError {
  const first = files.find((f) => f.refusal);
  if (!first?.refusal) return new HttpError(400, 'Choose at least one photo of a receipt in the field "files"');
  return files.length > 1 ? new HttpError(first.refusal.statusCode, `${first.answer.file}: ${first.refusal.message}`) : first.refusal;
}

/**
 * Takes a draft into the receipt being saved from it, in the save's transaction: the receipt
 * gets its photo and text (and a PDF's first page) and the draft is gone. Any state may be
 * saved: a draft that could not be read is entered by hand.
 */
export async function takeDraft(trx: Executor, userId: string, id: string): Promise<TakenDraft> {
  const draft = await lockDraft(trx, userId, id);
  if (!draft) throw draftNotFound();
  await deleteDraft(trx, userId, id);
  const page = draft.preview_key ? { key: draft.preview_key, count: draft.result?.document?.pages ?? 1, laterKeys: draft.later_page_keys ?? [] } : null;
  return { imageKey: draft.image_key, imageHash: draft.image_hash, ocrText: draft.result?.raw_text || null, page };
}
