import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor, RecurringSeriesTable } from '../../db/schema';
import { dateText } from '../../db/dates';
import { recurringSeriesTextColumns } from '../../db/columns';
import { isUuid, uuidArray } from '../../db/uuid';
import type { DatedReceipt } from './detect';

export type SeriesRow = Selectable<RecurringSeriesTable>;
export type SeriesFields = Omit<Insertable<RecurringSeriesTable>, 'id' | 'user_id' | 'updated_at' | 'receipt_ids'> & { receipt_ids: string[] };
type SeriesPatch = Omit<Updateable<RecurringSeriesTable>, 'receipt_ids'> & { receipt_ids?: string[] };

/** Fields as written, the receipt ids as one array literal (see uuidArray). */
function written<T extends { receipt_ids?: string[] }>(fields: T) {
  const { receipt_ids, ...rest } = fields;
  return receipt_ids === undefined ? rest : { ...rest, receipt_ids: uuidArray(receipt_ids) };
}

const seriesColumns = [
  'id',
  'user_id',
  'store_key',
  'store',
  'status',
  'interval',
  'amount_cents',
  'edited_interval',
  'edited_amount_cents',
  'updated_at',
] as const;

/** Every column, dates as text and receipt ids as text (no driver turns them into something else). */
function selectSeries(db: Executor) {
  return db.selectFrom('recurring_series').select(seriesColumns).select(recurringSeriesTextColumns()).$castTo<SeriesRow>();
}

/**
 * The receipts of one store as detection reads them, in its order (date, then id). One JSON text
 * rather than a row each: PGlite builds each row's object in JavaScript, and a statement's store
 * of 49,000 receipts held the event loop (and, in the write's transaction, the database) for a
 * second; one text parsed natively takes a fifth of that.
 */
export async function receiptsOfStore(db: Executor, userId: string, storeKey: string): Promise<DatedReceipt[]> {
  const row = await db
    .selectFrom('receipts')
    .select(sql<string | null>`json_agg(json_build_array(id, store, amount_cents, date::text) ORDER BY date, id)::text`.as('list'))
    .where('user_id', '=', userId)
    .where('store_key', '=', storeKey)
    .executeTakeFirst();
  const list = JSON.parse(row?.list ?? '[]') as [string, string, number, string][];
  return list.map(([id, store, amountCents, date]) => ({ id, store, date, amountCents }));
}

export function seriesOfStore(db: Executor, userId: string, storeKey: string): Promise<SeriesRow[]> {
  return selectSeries(db).where('user_id', '=', userId).where('store_key', '=', storeKey).execute();
}

/** The person's series, soonest bill first. */
export function listSeries(db: Executor, userId: string): Promise<SeriesRow[]> {
  return selectSeries(db).where('user_id', '=', userId).orderBy('next_date').orderBy('store').orderBy('id').execute();
}

export function confirmedSeries(db: Executor, userId: string): Promise<SeriesRow[]> {
  return selectSeries(db).where('user_id', '=', userId).where('status', '=', 'confirmed').execute();
}

/** Confirmed bills of every person due on a day in [from, to]. */
export function confirmedDueBetween(db: Executor, from: string, to: string): Promise<SeriesRow[]> {
  return selectSeries(db).where('status', '=', 'confirmed').where('next_date', '>=', from).where('next_date', '<=', to).execute();
}

export function findSeries(db: Executor, userId: string, id: string, { forUpdate = false } = {}): Promise<SeriesRow | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  const q = selectSeries(db).where('user_id', '=', userId).where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
}

export async function insertSeries(db: Executor, userId: string, fields: SeriesFields): Promise<void> {
  await db
    .insertInto('recurring_series')
    .values({ ...written(fields), user_id: userId } as Insertable<RecurringSeriesTable>)
    .execute();
}

export async function updateSeries(db: Executor, userId: string, id: string, fields: SeriesPatch): Promise<void> {
  await db
    .updateTable('recurring_series')
    .set({ ...written(fields), updated_at: new Date() } as Updateable<RecurringSeriesTable>)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

export async function deleteSeries(db: Executor, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('recurring_series').where('user_id', '=', userId).where('id', 'in', ids).execute();
}

export interface ReceiptBrief {
  id: string;
  date: string;
  amount_cents: number;
}

/** The named receipts of the user (ids of deleted ones are simply missing). */
export function receiptBriefs(db: Executor, userId: string, ids: string[], between?: { from: string; to: string }): Promise<ReceiptBrief[]> {
  if (ids.length === 0) return Promise.resolve([]);
  let q = db
    .selectFrom('receipts')
    .select(['id', 'amount_cents', dateText('date').as('date')])
    .where('user_id', '=', userId)
    .where('id', 'in', ids);
  if (between) q = q.where('date', '>=', between.from).where('date', '<=', between.to);
  return q.execute();
}
