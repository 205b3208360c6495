import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import type { CalendarDate } from '../../../shared/calendar';

/** A deadline kept on a receipt (position null) or on one of its items. */
export type DeadlineColumn = 'return_by' | 'warranty_until';

/** A receipt, or an item of it, with a deadline: what the warranties list shows. */
export interface DeadlineRow {
  receipt_id: string;
  store: string;
  date: CalendarDate;
  /** The item's name; null: the whole receipt. */
  item: string | null;
  /** The receipt's printed total, or the item's line, in `currency`'s minor units. */
  amount_minor: number;
  currency: string;
  until: CalendarDate;
  image_key: string | null;
}

/** The item's line as printed: its price times its quantity, in whole minor units. */
const itemLine = sql`round(i.price_cents * i.quantity)::bigint`;

/**
 * The person's receipts and items whose `column` is `from` or later, the furthest off first
 * (then the newest receipt, the receipt before its items, the items in order); at most `limit`.
 */
export async function deadlinesFrom(db: Executor, userId: string, column: DeadlineColumn, from: CalendarDate, limit: number): Promise<DeadlineRow[]> {
  const col = sql.id(column);
  const { rows } = await sql<DeadlineRow & { position: number | null }>`
    SELECT * FROM (
      SELECT r.id::text AS receipt_id, r.store, r.date::text AS date, NULL::text AS item, NULL::int AS position,
             r.printed_minor::bigint AS amount_minor, r.currency, r.${col}::text AS until, r.image_key
        FROM receipts r
       WHERE r.user_id = ${userId} AND r.${col} >= ${from}::date
      UNION ALL
      SELECT r.id::text, r.store, r.date::text, i.name, i.position, ${itemLine}, r.currency, i.${col}::text, r.image_key
        FROM receipt_items i JOIN receipts r ON r.id = i.receipt_id AND r.user_id = i.user_id
       WHERE i.user_id = ${userId} AND i.${col} >= ${from}::date
    ) d
    ORDER BY until DESC, date DESC, receipt_id, position NULLS FIRST
    LIMIT ${limit}`.execute(db);
  return rows.map(({ position: _position, ...row }) => ({ ...row, amount_minor: Number(row.amount_minor) }));
}

/** A return window closing soon, for its reminder. */
export interface DueReturn {
  user_id: string;
  receipt_id: string;
  /** The item's place on the receipt; null: the receipt's own window. */
  position: number | null;
  store: string;
  /** The item's name; for the receipt's own window, its only item's name (null when it has none or several). */
  item: string | null;
  amount_minor: number;
  currency: string;
  return_by: CalendarDate;
}

/**
 * Every return window (receipts' and items') closing from `from` to `to`, of everyone, or of one
 * receipt of one person (`only`: the receipt just saved).
 */
export async function returnsDueBetween(
  db: Executor,
  from: CalendarDate,
  to: CalendarDate,
  only?: { userId: string; receiptId: string },
): Promise<DueReturn[]> {
  const ofReceipt = (alias: string) =>
    only ? sql`AND ${sql.ref(`${alias}.user_id`)} = ${only.userId} AND ${sql.ref(`${alias}.id`)} = ${only.receiptId}::uuid` : sql``;
  const { rows } = await sql<DueReturn>`
    SELECT r.user_id, r.id::text AS receipt_id, NULL::int AS position, r.store,
           (SELECT CASE WHEN count(*) = 1 THEN min(o.name) END FROM receipt_items o WHERE o.receipt_id = r.id) AS item,
           r.printed_minor::bigint AS amount_minor, r.currency, r.return_by::text AS return_by
      FROM receipts r
     WHERE r.return_by BETWEEN ${from}::date AND ${to}::date ${ofReceipt('r')}
    UNION ALL
    SELECT r.user_id, r.id::text, i.position, r.store, i.name, ${itemLine}, r.currency, i.return_by::text
      FROM receipt_items i JOIN receipts r ON r.id = i.receipt_id AND r.user_id = i.user_id
     WHERE i.return_by BETWEEN ${from}::date AND ${to}::date ${ofReceipt('r')}
     ORDER BY return_by, receipt_id, position NULLS FIRST`.execute(db);
  return rows.map((row) => ({ ...row, amount_minor: Number(row.amount_minor) }));
}
