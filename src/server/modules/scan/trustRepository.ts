import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import type { PickerCandidates } from '../../ocr';
import type { FieldGold } from './personalPicker';

/** Bookkeeping time that orders one person's reads: the statement's own moment, finer than a millisecond. */
const NOW = sql<Date>`clock_timestamp()`;

/** What a scan showed for review: the store, date and total as read. */
export interface ReadFields {
  store_name: string;
  date: string | null;
  total_amount: number | null;
}

/** Whether each field was saved as read. */
export interface SavedAsRead {
  store_right: boolean;
  date_right: boolean;
  total_right: boolean;
}

export async function insertRead(db: Executor, userId: string, read: ReadFields, candidates: PickerCandidates | null): Promise<string> {
  const row = await db
    .insertInto('scan_reads')
    .values({ user_id: userId, ...read, candidates: candidates && JSON.stringify(candidates), created_at: NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A read of this person's not yet saved, locked for the save; an id that is not theirs (or not an id) is none. */
export function lockOpenRead(db: Executor, userId: string, id: string): Promise<(ReadFields & { candidates: PickerCandidates | null }) | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db
    .selectFrom('scan_reads')
    .select(['store_name', 'date', 'total_amount', 'candidates'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('saved_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function markSaved(db: Executor, userId: string, id: string, outcome: SavedAsRead, gold: FieldGold | null): Promise<void> {
  await db
    .updateTable('scan_reads')
    .set({ ...outcome, gold: gold && JSON.stringify(gold), saved_at: NOW })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** Keeps the person's newest `keep` reads, saved or open as `saved` says, and deletes the rest of that kind. */
export async function pruneReads(db: Executor, userId: string, saved: boolean, keep: number): Promise<void> {
  const kind = saved ? sql`saved_at IS NOT NULL` : sql`saved_at IS NULL`;
  await sql`
    DELETE FROM scan_reads WHERE user_id = ${userId} AND ${kind} AND id NOT IN (
      SELECT id FROM scan_reads WHERE user_id = ${userId} AND ${kind}
      ORDER BY saved_at DESC NULLS LAST, created_at DESC LIMIT ${keep}
    )`.execute(db);
}

/** Of the person's newest `last` saved scans: how many, and how many had each field saved as read. */
export async function savedAsReadCounts(
  db: Executor,
  userId: string,
  last: number,
): Promise<{ scans: number; store_name: number; date: number; total_amount: number }> {
  const { rows } = await sql<{ scans: number; store_name: number; date: number; total_amount: number }>`
    SELECT count(*)::int AS scans,
      count(*) FILTER (WHERE store_right)::int AS store_name,
      count(*) FILTER (WHERE date_right)::int AS date,
      count(*) FILTER (WHERE total_right)::int AS total_amount
    FROM (
      SELECT store_right, date_right, total_right FROM scan_reads
      WHERE user_id = ${userId} AND saved_at IS NOT NULL
      ORDER BY saved_at DESC, created_at DESC LIMIT ${last}
    ) r`.execute(db);
  return rows[0];
}
