import { sql, type Selectable } from 'kysely';
import type { Executor, KeptScanResult, ReceiptDraftsTable } from '../../db/schema';
import type { KeptPages } from './draftPreview';
import { isUuid } from '../../db/uuid';
import type { DraftStatus } from '../../../shared/drafts';

export type DraftRow = Selectable<ReceiptDraftsTable>;

export interface NewDraft {
  image_key: string;
  image_hash: string;
  /** A draft that will not be read (a mail from a sender not allowed, …) is failed at once, with the reason. */
  status?: 'queued' | 'failed';
  error?: string;
}

/** The new drafts' rows, in the order given. */
export async function insertDrafts(trx: Executor, userId: string, drafts: NewDraft[]): Promise<DraftRow[]> {
  if (drafts.length === 0) return [];
  const rows = await trx
    .insertInto('receipt_drafts')
    .values(drafts.map((d) => ({ user_id: userId, ...d })))
    .returningAll()
    .execute();
  // INSERT … RETURNING keeps the VALUES order in PostgreSQL; matched by key all the same.
  const byKey = new Map(rows.map((r) => [r.image_key, r]));
  return drafts.map((d) => byKey.get(d.image_key)!);
}

/** The person's drafts, newest first. */
export function listDrafts(db: Executor, userId: string): Promise<DraftRow[]> {
  return db.selectFrom('receipt_drafts').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Drafts the person has not saved or discarded yet. */
export async function countDrafts(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('receipt_drafts')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Serialises the person's uploads until the transaction ends, so two at once cannot both count
 * the drafts below the cap and both add theirs (writeAsUser's lock is shared between writes).
 */
export async function lockDraftCount(trx: Executor, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`drafts:${userId}`}, 0))`.execute(trx);
}

/** The person's draft, as it is now. */
export async function findDraft(db: Executor, userId: string, id: string): Promise<DraftRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('receipt_drafts').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** Keeps a ready draft's date read again in another order; a draft saved, discarded or read again meanwhile is left as it is. */
export async function setDraftDate(trx: Executor, userId: string, id: string, result: KeptScanResult): Promise<void> {
  await trx
    .updateTable('receipt_drafts')
    .set({ result: JSON.stringify(result), updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('status', '=', 'ready')
    .execute();
}

/** The person's draft, locked until the transaction ends. */
export async function lockDraft(trx: Executor, userId: string, id: string): Promise<DraftRow | undefined> {
  if (!isUuid(id)) return undefined;
  return trx.selectFrom('receipt_drafts').selectAll().where('user_id', '=', userId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function deleteDraft(trx: Executor, userId: string, id: string): Promise<void> {
  await trx.deleteFrom('receipt_drafts').where('user_id', '=', userId).where('id', '=', id).execute();
}

/** Puts a failed draft back in line; the caller sends its job in the same transaction. */
export async function requeueDraft(trx: Executor, userId: string, id: string): Promise<void> {
  await trx
    .updateTable('receipt_drafts')
    .set({ status: 'queued', error: null, result: null, updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

/**
 * Marks a draft as being read and answers what the reader needs; undefined when it is gone
 * (saved or discarded meanwhile) or already read, so a job sent twice reads it once.
 */
export async function startReading(db: Executor, id: string): Promise<Pick<DraftRow, 'user_id' | 'image_key'> | undefined> {
  return db
    .updateTable('receipt_drafts')
    .set({ status: 'scanning', updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'scanning'])
    .returning(['user_id', 'image_key'])
    .executeTakeFirst();
}

/**
 * Records how the reading ended; a draft saved or discarded meanwhile (or read by another try)
 * is left as it is. Answers whether this outcome was recorded.
 */
export async function finishReading(
  db: Executor,
  id: string,
  outcome: { status: 'ready'; result: KeptScanResult; pages: KeptPages } | { status: 'failed'; error: string } | { status: 'queued' },
): Promise<boolean> {
  const done = await db
    .updateTable('receipt_drafts')
    .set({
      status: outcome.status,
      result: outcome.status === 'ready' ? JSON.stringify(outcome.result) : null,
      preview_key: outcome.status === 'ready' ? outcome.pages.previewKey : null,
      later_page_keys: outcome.status === 'ready' && outcome.pages.laterPageKeys ? JSON.stringify(outcome.pages.laterPageKeys) : null,
      error: outcome.status === 'failed' ? outcome.error : null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'scanning'])
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** A photo a device sent before under its client id: the draft it became, and that draft's status (null once saved or discarded). */
export interface ClientUpload {
  client_id: string;
  draft_id: string;
  status: DraftStatus | null;
}

/** Which of these client ids the person has sent before; call under lockDraftCount, so an upload at the same time is seen. */
export async function findClientUploads(db: Executor, userId: string, clientIds: string[]): Promise<ClientUpload[]> {
  if (clientIds.length === 0) return [];
  return db
    .selectFrom('draft_client_ids as c')
    .leftJoin('receipt_drafts as d', (j) => j.onRef('d.id', '=', 'c.draft_id').onRef('d.user_id', '=', 'c.user_id'))
    .select(['c.client_id', 'c.draft_id', 'd.status'])
    .where('c.user_id', '=', userId)
    .where('c.client_id', 'in', clientIds)
    .execute();
}

/** Remembers the client ids of new drafts. */
export async function insertClientIds(trx: Executor, userId: string, rows: Array<{ client_id: string; draft_id: string }>): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('draft_client_ids')
    .values(rows.map((r) => ({ user_id: userId, ...r })))
    .execute();
}
