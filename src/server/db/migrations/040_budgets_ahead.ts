import { sql, type Kysely } from 'kysely';
import { findRecurringSeries, storeKey } from './frozen/recurringSeries040';
import { uuidArray } from '../uuid';

/**
 * Budgets that look ahead:
 * - rollover on the monthly budget and per category, counted from `*_rollover_from` (a month's first day);
 * - budget_months: the budget in force from a month on, so a carry-over of past months uses the
 *   budgets those months had (category_id null: the monthly budget);
 * - receipts.store_key: the store as recurring-bill detection compares it, so a receipt's change
 *   re-reads only its store's receipts;
 * - recurring_series: bills found in the receipts, with the person's verdict and edits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('budget_rollover', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('budget_rollover_from', 'date')
    .execute();
  await db.schema
    .alterTable('categories')
    .addColumn('rollover', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rollover_from', 'date')
    .execute();

  await db.schema
    .createTable('budget_months')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('category_id', 'uuid', (c) => c.references('categories.id').onDelete('cascade'))
    .addColumn('month', 'date', (c) => c.notNull())
    .addColumn('budget_cents', 'bigint')
    .execute();
  await sql`CREATE UNIQUE INDEX budget_months_scope ON budget_months (user_id, coalesce(category_id::text, ''), month)`.execute(db);

  await db.schema.alterTable('receipts').addColumn('store_key', 'text').execute();
  // One update per store name as written, not per receipt.
  const stores = await sql<{ store: string }>`SELECT DISTINCT store FROM receipts`.execute(db);
  for (const { store } of stores.rows) await sql`UPDATE receipts SET store_key = ${storeKey(store)} WHERE store = ${store}`.execute(db);
  await sql`CREATE INDEX receipts_user_store_key ON receipts (user_id, store_key, date)`.execute(db);

  await db.schema
    .createTable('recurring_series')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('store_key', 'text', (c) => c.notNull())
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('found'))
    .addColumn('interval', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('edited_interval', 'text')
    .addColumn('edited_amount_cents', 'bigint')
    .addColumn('receipt_ids', sql`uuid[]`, (c) => c.notNull())
    .addColumn('first_date', 'date', (c) => c.notNull())
    .addColumn('last_date', 'date', (c) => c.notNull())
    .addColumn('next_date', 'date', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX recurring_series_user_store ON recurring_series (user_id, store_key)`.execute(db);
  await findSeriesOfHistory(db);
}

/**
 * The bills already in people's receipts, found once here by the detection of then (frozen);
 * from now on each receipt change finds them again with today's.
 */
async function findSeriesOfHistory(db: Kysely<unknown>): Promise<void> {
  const { rows: users } = await sql<{ user_id: string }>`SELECT DISTINCT user_id FROM receipts`.execute(db);
  for (const { user_id } of users) {
    const { rows } = await sql<{ id: string; store: string; date: string; amount_cents: number }>`
      SELECT id, store, date::text AS date, amount_cents FROM receipts WHERE user_id = ${user_id}`.execute(db);
    const receipts = rows.map((r) => ({ id: r.id, store: r.store, date: r.date, amountCents: Number(r.amount_cents) }));
    for (const s of findRecurringSeries(receipts)) {
      await sql`
        INSERT INTO recurring_series (user_id, store_key, store, interval, amount_cents, receipt_ids, first_date, last_date, next_date)
        VALUES (${user_id}, ${s.storeKey}, ${s.store}, ${s.interval}, ${s.amountCents}, ${uuidArray(s.receiptIds)}, ${s.first}, ${s.last}, ${s.next})`.execute(
        db,
      );
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recurring_series').execute();
  await db.schema.alterTable('receipts').dropColumn('store_key').execute();
  await db.schema.dropTable('budget_months').execute();
  await db.schema.alterTable('categories').dropColumn('rollover').dropColumn('rollover_from').execute();
  await db.schema.alterTable('profiles').dropColumn('budget_rollover').dropColumn('budget_rollover_from').execute();
}
