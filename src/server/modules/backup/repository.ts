import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import { dateText } from '../../db/dates';
import { deadlineColumns, RECEIPT_STORED_COLUMNS, receiptItemColumns, recurringSeriesTextColumns } from '../../db/columns';
import { uuidArray } from '../../db/uuid';
import { searchTextOf } from '../../searchText';
import { storeKey } from '../../storeKey';
import type { BackupData } from '../../../shared/backup';

/** The person's rows a backup holds, ids as this server has them; receipts with their image keys. */
export interface StoredRows extends Omit<BackupData, 'profile' | 'receipts' | 'item_products'> {
  profile: BackupData['profile'] | undefined;
  receipts: Array<Omit<BackupData['receipts'][number], 'original' | 'items' | 'item_counts'> & { image_key: string | null }>;
  items: Array<BackupData['receipts'][number]['items'][number] & { receipt_id: string }>;
  item_counts: Array<{ receipt_id: string; category_id: string; cents: number }>;
  item_products: NonNullable<BackupData['item_products']>;
}

/** Every row of the person's that a backup holds, read in the caller's snapshot. */
export async function readRows(db: Executor, userId: string): Promise<StoredRows> {
  const profile = await db
    .selectFrom('profiles')
    .select([
      'display_name',
      'first_name',
      'last_name',
      'monthly_budget_cents',
      'budget_rollover',
      dateText('budget_rollover_from').as('budget_rollover_from'),
      'date_order',
      'theme',
      'home_currency',
      'time_zone',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const categories = await db
    .selectFrom('categories')
    .select(['id', 'name', 'color', 'icon', 'budget_cents', 'is_fallback', 'rollover', dateText('rollover_from').as('rollover_from')])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const budget_months = await db
    .selectFrom('budget_months')
    .select(['category_id', dateText('month').as('month'), 'budget_cents'])
    .where('user_id', '=', userId)
    .orderBy('month')
    .execute();
  const receipts = await db
    .selectFrom('receipts')
    .select([
      ...RECEIPT_STORED_COLUMNS,
      dateText('date').as('date'),
      sql<string | null>`rate::text`.as('rate'),
      'ocr_text',
      ...deadlineColumns(),
      sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('created_at'),
    ])
    .where('user_id', '=', userId)
    .orderBy('date')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const items = await db
    .selectFrom('receipt_items')
    .select(receiptItemColumns())
    .where('user_id', '=', userId)
    .orderBy('receipt_id')
    .orderBy('position')
    .execute();
  const item_counts = await db.selectFrom('receipt_item_counts').select(['receipt_id', 'category_id', 'cents']).where('user_id', '=', userId).execute();
  const currency_rates = await db
    .selectFrom('currency_rates')
    .select(['quote', 'currency', dateText('valid_from').as('valid_from'), sql<string>`rate::text`.as('rate')])
    .where('user_id', '=', userId)
    .orderBy('currency')
    .orderBy('valid_from')
    .execute();
  const import_mappings = await db.selectFrom('import_mappings').select(['header_key', 'mapping']).where('user_id', '=', userId).execute();
  const import_rows = await db.selectFrom('import_rows').select(['fingerprint', 'receipt_id']).where('user_id', '=', userId).execute();
  const item_memory = await db.selectFrom('item_memory').select(['read_key', 'name', 'category_id']).where('user_id', '=', userId).execute();
  const item_products = await db.selectFrom('item_products').select(['key', 'name', 'product_key']).where('user_id', '=', userId).orderBy('key').execute();
  const store_memory = await db
    .selectFrom('store_memory')
    .select(['header_key', 'ocr_header', 'store_name', 'category_id'])
    .where('user_id', '=', userId)
    .execute();
  const picker = await db
    .selectFrom('personal_picker')
    .select(['weights', 'fields', 'scans', 'model_version'])
    .where('user_id', '=', userId)
    .where('fields', 'is not', null)
    .executeTakeFirst();
  const recurring_series = await db
    .selectFrom('recurring_series')
    .select(['store_key', 'store', 'status', 'interval', 'amount_cents', 'edited_interval', 'edited_amount_cents', ...recurringSeriesTextColumns()])
    .where('user_id', '=', userId)
    .execute();
  return {
    profile,
    categories,
    budget_months,
    receipts: receipts.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), printed_minor: Number(r.printed_minor) })),
    items,
    item_counts,
    currency_rates,
    import_mappings,
    import_rows,
    item_memory,
    item_products,
    store_memory,
    personal_picker:
      picker?.weights && picker.fields && picker.model_version
        ? { ...picker, weights: picker.weights, fields: picker.fields, model_version: picker.model_version }
        : null,
    recurring_series,
  };
}

/** Whether the person has any receipt (a restore goes only into an account without). */
export async function hasReceipts(db: Executor, userId: string): Promise<boolean> {
  return (await db.selectFrom('receipts').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Clears what a new account starts with and a restore replaces: its default categories and
 * everything that names them, its rates, mappings and memories. Only for an account without
 * receipts (the caller checked, in this transaction).
 */
export async function clearForRestore(trx: Executor, userId: string): Promise<void> {
  for (const table of [
    'budget_months',
    'item_memory',
    'item_products',
    'store_memory',
    'personal_picker',
    'recurring_series',
    'currency_rates',
    'import_mappings',
    'import_rows',
    'daily_totals',
    'monthly_totals',
  ] as const) {
    await trx.deleteFrom(table).where('user_id', '=', userId).execute();
  }
  await trx.deleteFrom('categories').where('user_id', '=', userId).execute();
}

/** The rows a restore writes, ids already new and every reference mapped to them. */
export interface RestoredRows {
  profile: BackupData['profile'];
  categories: BackupData['categories'];
  budget_months: BackupData['budget_months'];
  receipts: Array<Omit<BackupData['receipts'][number], 'original' | 'items' | 'item_counts'> & { image_key: string | null }>;
  items: Array<BackupData['receipts'][number]['items'][number] & { receipt_id: string; position: number }>;
  item_counts: Array<{ receipt_id: string; category_id: string; cents: number }>;
  currency_rates: BackupData['currency_rates'];
  import_mappings: BackupData['import_mappings'];
  import_rows: BackupData['import_rows'];
  item_memory: BackupData['item_memory'];
  /** Each product's own name before the names that point at it. */
  item_products: NonNullable<BackupData['item_products']>;
  store_memory: BackupData['store_memory'];
  personal_picker: BackupData['personal_picker'];
  recurring_series: BackupData['recurring_series'];
}

/** Rows a statement at a time, in slices that keep each under the driver's parameter limit. */
async function inSlices<T>(rows: readonly T[], write: (slice: T[]) => Promise<unknown>, size = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** Writes a restore's rows, parents before what names them; the search text is made here as a save makes it. */
export async function writeRows(trx: Executor, userId: string, rows: RestoredRows, at: Date): Promise<void> {
  const { profile: p } = rows;
  await trx
    .updateTable('profiles')
    .set({
      display_name: p.display_name,
      first_name: p.first_name,
      last_name: p.last_name,
      monthly_budget_cents: p.monthly_budget_cents,
      budget_rollover: p.budget_rollover,
      budget_rollover_from: p.budget_rollover_from,
      date_order: p.date_order,
      theme: p.theme,
      home_currency: p.home_currency,
      time_zone: p.time_zone,
      updated_at: at,
    })
    .where('user_id', '=', userId)
    .execute();
  await inSlices(rows.categories, (s) =>
    trx
      .insertInto('categories')
      .values(s.map((c) => ({ ...c, user_id: userId, created_at: at })))
      .execute(),
  );
  await inSlices(rows.budget_months, (s) =>
    trx
      .insertInto('budget_months')
      .values(s.map((b) => ({ ...b, user_id: userId })))
      .execute(),
  );
  await inSlices(rows.receipts, (s) =>
    trx
      .insertInto('receipts')
      .values(s.map((r) => ({ ...r, user_id: userId, store_key: storeKey(r.store), updated_at: at })))
      .execute(),
  );
  await inSlices(rows.items, (s) =>
    trx
      .insertInto('receipt_items')
      .values(s.map((i) => ({ ...i, user_id: userId })))
      .execute(),
  );
  await inSlices(rows.item_counts, (s) =>
    trx
      .insertInto('receipt_item_counts')
      .values(s.map((c) => ({ ...c, user_id: userId })))
      .execute(),
  );
  await trx
    .updateTable('receipts as r')
    .set({ search_text: searchTextOf('r') })
    .where('r.user_id', '=', userId)
    .execute();
  await inSlices(rows.currency_rates, (s) =>
    trx
      .insertInto('currency_rates')
      .values(s.map((c) => ({ ...c, user_id: userId })))
      .execute(),
  );
  await inSlices(rows.import_mappings, (s) =>
    trx
      .insertInto('import_mappings')
      .values(s.map((m) => ({ header_key: m.header_key, mapping: JSON.stringify(m.mapping), user_id: userId, updated_at: at })))
      .execute(),
  );
  await inSlices(rows.import_rows, (s) =>
    trx
      .insertInto('import_rows')
      .values(s.map((r) => ({ ...r, user_id: userId })))
      .execute(),
  );
  await inSlices(rows.item_memory, (s) =>
    trx
      .insertInto('item_memory')
      .values(s.map((m) => ({ ...m, user_id: userId, updated_at: at })))
      .execute(),
  );
  await inSlices(rows.item_products, (s) =>
    trx
      .insertInto('item_products')
      .values(s.map((p) => ({ ...p, user_id: userId })))
      .execute(),
  );
  await inSlices(rows.store_memory, (s) =>
    trx
      .insertInto('store_memory')
      .values(s.map((m) => ({ ...m, user_id: userId, updated_at: at })))
      .execute(),
  );
  if (rows.personal_picker) {
    const { weights, fields, ...picker } = rows.personal_picker;
    await trx
      .insertInto('personal_picker')
      .values({ ...picker, weights: JSON.stringify(weights), fields: JSON.stringify(fields), user_id: userId, fitted_at: at })
      .execute();
  }
  await inSlices(rows.recurring_series, (s) =>
    trx
      .insertInto('recurring_series')
      .values(s.map((r) => ({ ...r, receipt_ids: uuidArray(r.receipt_ids), user_id: userId, updated_at: at })))
      .execute(),
  );
}
