import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import { dateText } from '../../db/dates';
import { startOfMonth, type CalendarDate } from '../../../shared/calendar';
import { isWholeMonths } from './periods';

/**
 * Spending totals per user, category and day (daily_totals) and month (monthly_totals). The
 * receipt write path keeps them; reads touch at most a few hundred rows whatever the number
 * of receipts.
 */

export interface TotalsDelta {
  day: CalendarDate;
  categoryId: string;
  cents: number;
  count: number;
}

const TABLES = [
  { table: 'daily_totals', column: 'day', keyOf: (day: CalendarDate) => day },
  { table: 'monthly_totals', column: 'month', keyOf: startOfMonth },
] as const;

/** Adds the deltas to both tables (one statement each) and drops rows nothing counts any more; answers whether anything moved. */
export async function applyTotalsDeltas(trx: Executor, userId: string, deltas: TotalsDelta[]): Promise<boolean> {
  let moved = false;
  for (const { table, column, keyOf } of TABLES) {
    // Merge deltas that hit one row: ON CONFLICT may not touch a row twice in one statement.
    const merged = new Map<string, { date: string; categoryId: string; cents: number; count: number }>();
    for (const d of deltas) {
      const date = keyOf(d.day);
      const k = `${date}|${d.categoryId}`;
      const m = merged.get(k) ?? { date, categoryId: d.categoryId, cents: 0, count: 0 };
      m.cents += d.cents;
      m.count += d.count;
      merged.set(k, m);
    }
    // Sorted, so concurrent writes lock rows in one order and cannot deadlock each other.
    const rows = [...merged.values()]
      .filter((m) => m.cents !== 0 || m.count !== 0)
      .sort((a, b) => (a.date === b.date ? a.categoryId.localeCompare(b.categoryId) : a.date.localeCompare(b.date)));
    if (rows.length === 0) continue;
    moved = true;
    const values = sql.join(rows.map((r) => sql`(${userId}, ${r.date}::date, ${r.categoryId}::uuid, ${r.cents}::bigint, ${r.count}::int)`));
    await sql`
      INSERT INTO ${sql.table(table)} (user_id, ${sql.ref(column)}, category_id, amount_cents, count)
      VALUES ${values}
      ON CONFLICT (user_id, ${sql.ref(column)}, category_id) DO UPDATE
        SET amount_cents = ${sql.table(table)}.amount_cents + excluded.amount_cents,
            count = ${sql.table(table)}.count + excluded.count`.execute(trx);
    // A row no receipt counts goes once nothing is left in it: a row of shares alone has count 0.
    if (rows.some((r) => r.count <= 0)) {
      await sql`DELETE FROM ${sql.table(table)} WHERE user_id = ${userId} AND count <= 0 AND amount_cents = 0
        AND (${sql.ref(column)}, category_id) IN (${sql.join(rows.map((r) => sql`(${r.date}::date, ${r.categoryId}::uuid)`))})`.execute(trx);
    }
  }
  return moved;
}

/** Moves a category's totals onto another one (its receipts were moved there). */
export async function moveCategoryTotals(trx: Executor, userId: string, fromCategoryId: string, toCategoryId: string): Promise<void> {
  for (const { table, column } of TABLES) {
    await sql`
      INSERT INTO ${sql.table(table)} (user_id, ${sql.ref(column)}, category_id, amount_cents, count)
      SELECT user_id, ${sql.ref(column)}, ${toCategoryId}::uuid, amount_cents, count
        FROM ${sql.table(table)} WHERE user_id = ${userId} AND category_id = ${fromCategoryId}::uuid
      ON CONFLICT (user_id, ${sql.ref(column)}, category_id) DO UPDATE
        SET amount_cents = ${sql.table(table)}.amount_cents + excluded.amount_cents,
            count = ${sql.table(table)}.count + excluded.count`.execute(trx);
    await sql`DELETE FROM ${sql.table(table)} WHERE user_id = ${userId} AND category_id = ${fromCategoryId}::uuid`.execute(trx);
  }
  await sql`
    INSERT INTO share_counts (user_id, shared_receipt_id, category_id, day, cents)
    SELECT user_id, shared_receipt_id, ${toCategoryId}::uuid, day, cents FROM share_counts WHERE user_id = ${userId} AND category_id = ${fromCategoryId}::uuid
    ON CONFLICT (user_id, shared_receipt_id, category_id) DO UPDATE SET cents = share_counts.cents + excluded.cents`.execute(trx);
  await sql`DELETE FROM share_counts WHERE user_id = ${userId} AND category_id = ${fromCategoryId}::uuid`.execute(trx);
}

/**
 * One part of what a shared receipt counts in one person's totals: for the sharer, minus what
 * the others' shares take off their receipt; for another member, their share. In hundredths of
 * that person's home currency. A receipt counts as its owner's receipt plus these parts.
 */
export interface CountedPart {
  userId: string;
  categoryId: string;
  day: CalendarDate;
  cents: number;
}

/**
 * Makes `parts` what the shared receipt counts (none: it counts nothing any more), moving each
 * person's totals by the difference. Answers the people whose totals moved, with the parts that
 * moved them (their old ones and their new ones: a part taken off moves a total too).
 */
export async function replaceShareCounts(trx: Executor, sharedReceiptId: string, parts: readonly CountedPart[]): Promise<Map<string, CountedPart[]>> {
  const { rows: old } = await sql<CountedPart>`
    DELETE FROM share_counts WHERE shared_receipt_id = ${sharedReceiptId}::uuid
    RETURNING user_id AS "userId", category_id AS "categoryId", to_char(day, 'YYYY-MM-DD') AS day, cents::bigint AS cents`.execute(trx);
  const merged = new Map<string, CountedPart>();
  for (const p of parts) {
    const key = `${p.userId}|${p.categoryId}`;
    const m = merged.get(key);
    merged.set(key, m ? { ...m, cents: m.cents + p.cents } : { ...p });
  }
  const fresh = [...merged.values()].filter((p) => p.cents !== 0);
  if (fresh.length) {
    await trx
      .insertInto('share_counts')
      .values(fresh.map((p) => ({ user_id: p.userId, shared_receipt_id: sharedReceiptId, category_id: p.categoryId, day: p.day, cents: p.cents })))
      .execute();
  }
  const deltas = new Map<string, TotalsDelta[]>();
  const add = (p: CountedPart, sign: number) =>
    deltas.set(p.userId, [...(deltas.get(p.userId) ?? []), { day: p.day, categoryId: p.categoryId, cents: sign * Number(p.cents), count: 0 }]);
  old.forEach((p) => add(p, -1));
  fresh.forEach((p) => add(p, 1));
  const moved = new Map<string, CountedPart[]>();
  // One person after another in id order, so concurrent writes lock totals in one order.
  for (const userId of [...deltas.keys()].sort()) {
    if (!(await applyTotalsDeltas(trx, userId, deltas.get(userId)!))) continue;
    moved.set(
      userId,
      [...old, ...fresh].filter((p) => p.userId === userId),
    );
  }
  return moved;
}

/**
 * Recomputes a user's totals from their receipts, their items' parts and share counts: what the write path would have produced.
 * For writes that list no receipts (a statement import, a new home currency), bulk loads
 * (bench) and repair.
 */
export async function rebuildTotals(trx: Executor, userId: string): Promise<void> {
  await sql`DELETE FROM daily_totals WHERE user_id = ${userId}`.execute(trx);
  await sql`DELETE FROM monthly_totals WHERE user_id = ${userId}`.execute(trx);
  // Their receipts, plus what shared receipts count for them (count 0: not their receipts).
  await sql`
    INSERT INTO daily_totals (user_id, day, category_id, amount_cents, count)
    SELECT user_id, day, category_id, sum(cents), sum(n) FROM (
      SELECT user_id, date AS day, category_id, amount_cents AS cents, 1 AS n FROM receipts WHERE user_id = ${userId}
      UNION ALL
      SELECT user_id, day, category_id, cents, 0 FROM share_counts WHERE user_id = ${userId}
      UNION ALL
      SELECT p.user_id, r.date, p.category_id, p.cents, 0
        FROM receipt_item_counts p JOIN receipts r ON r.id = p.receipt_id WHERE p.user_id = ${userId}
    ) counted
    GROUP BY user_id, day, category_id
    HAVING sum(n) > 0 OR sum(cents) <> 0`.execute(trx);
  await sql`
    INSERT INTO monthly_totals (user_id, month, category_id, amount_cents, count)
    SELECT user_id, date_trunc('month', day)::date, category_id, sum(amount_cents), sum(count) FROM daily_totals WHERE user_id = ${userId}
    GROUP BY user_id, date_trunc('month', day)::date, category_id`.execute(trx);
}

export interface DatedCents {
  day: CalendarDate;
  cents: number;
}

/** Spending per day in [from, to]; days without receipts are absent. */
export async function spendingByDay(db: Executor, userId: string, from: CalendarDate, to: CalendarDate): Promise<DatedCents[]> {
  return db
    .selectFrom('daily_totals')
    .select([dateText('day').as('day'), sql<number>`sum(amount_cents)::bigint`.as('cents')])
    .where('user_id', '=', userId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .execute();
}

/** Spending per month (keyed by its first day) for the months from `from` to `to`. */
export async function spendingByMonth(db: Executor, userId: string, from: CalendarDate, to: CalendarDate): Promise<DatedCents[]> {
  return db
    .selectFrom('monthly_totals')
    .select([dateText('month').as('day'), sql<number>`sum(amount_cents)::bigint`.as('cents')])
    .where('user_id', '=', userId)
    .where('month', '>=', startOfMonth(from))
    .where('month', '<=', to)
    .groupBy('month')
    .execute();
}

export interface CategorySpending {
  categoryId: string;
  name: string;
  color: string;
  cents: number;
}

/** Spending per category in [from, to], largest first; monthly rows when the span is whole months. */
export async function spendingByCategory(db: Executor, userId: string, span: { from: CalendarDate; to: CalendarDate }): Promise<CategorySpending[]> {
  const monthly = isWholeMonths(span);
  const table = monthly ? 'monthly_totals' : 'daily_totals';
  const column = monthly ? 'month' : 'day';
  const { rows } = await sql<CategorySpending>`
    SELECT c.id AS "categoryId", c.name, c.color, sum(t.amount_cents)::bigint AS cents
      FROM ${sql.table(table)} t JOIN categories c ON c.user_id = t.user_id AND c.id = t.category_id
     WHERE t.user_id = ${userId} AND ${sql.ref(`t.${column}`)} BETWEEN ${span.from}::date AND ${span.to}::date
     GROUP BY c.id, c.name, c.color
     ORDER BY cents DESC, c.name`.execute(db);
  return rows;
}

/**
 * How many receipts the user has (in one category, if given), read from the monthly totals:
 * a few hundred rows instead of a count over every receipt.
 */
export async function receiptCountFromTotals(db: Executor, userId: string, categoryId?: string): Promise<number> {
  let q = db
    .selectFrom('monthly_totals')
    .select(sql<number>`coalesce(sum(count), 0)::bigint`.as('n'))
    .where('user_id', '=', userId);
  if (categoryId) q = q.where('category_id', '=', categoryId);
  return (await q.executeTakeFirstOrThrow()).n;
}

/** How many receipts each of the user's categories holds, from the monthly totals (absent: none). */
export async function receiptCountsByCategory(db: Executor, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('monthly_totals')
    .select(['category_id', sql<number>`sum(count)::bigint`.as('n')])
    .where('user_id', '=', userId)
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}
