import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import type { BoughtItem } from '../../../shared/prices';

/** An item's purchases: one index range of receipt_items (user_id, lower(name), date), joined to their receipts by id. */
export interface PurchaseRow {
  receipt_id: string;
  name: string;
  date: string;
  store: string;
  currency: string;
  price_minor: number;
}

/**
 * The latest `limit` purchases of each item named in `names` (any case), newest first, in one
 * query: a receipt's notes look up all its items at once. Each name reads only its latest
 * `limit` purchases, however often it was bought (the index holds them in date order).
 */
export async function purchasesOf(db: Executor, userId: string, names: readonly string[], limit: number): Promise<PurchaseRow[]> {
  const keys = [...new Set(names.map((n) => n.toLowerCase()))];
  if (keys.length === 0) return [];
  const { rows } = await sql<PurchaseRow>`
    SELECT p.receipt_id, p.name, to_char(p.day, 'YYYY-MM-DD') AS date, p.store, p.currency, p.price_minor
      FROM unnest(${sql.val(keys)}::text[]) AS k(key)
     CROSS JOIN LATERAL (
       SELECT i.receipt_id, i.name, i.date AS day, r.store, r.currency, i.price_cents::bigint AS price_minor
         FROM receipt_items i JOIN receipts r ON r.id = i.receipt_id AND r.user_id = i.user_id
        WHERE i.user_id = ${userId} AND lower(i.name) = k.key
        ORDER BY i.date DESC, i.receipt_id DESC
        LIMIT ${limit}) p
     ORDER BY p.day DESC, p.receipt_id DESC`.execute(db);
  return rows.map((r) => ({ ...r, price_minor: Number(r.price_minor) }));
}

/**
 * The person's item names (one spelling each) containing `search`, most bought first, each with
 * the category it was last given while that is still one of theirs: their names, not their
 * items (item_names).
 */
export async function boughtItems(db: Executor, userId: string, search: string, limit: number): Promise<BoughtItem[]> {
  const { rows } = await sql<BoughtItem>`
    SELECT n.name, n.purchases::int AS purchases, c.id AS category_id
      FROM item_names n
      LEFT JOIN categories c ON c.user_id = n.user_id AND c.id = n.category_id
     WHERE n.user_id = ${userId} AND strpos(n.key, lower(${search})) > 0
     ORDER BY n.purchases DESC, n.name
     LIMIT ${limit}`.execute(db);
  return rows;
}

/** The names and prices of one receipt's items (null: not the person's receipt). */
export async function receiptItemsOf(db: Executor, userId: string, receiptId: string) {
  if (!isUuid(receiptId)) return null;
  const receipt = await db.selectFrom('receipts').select(['id', 'currency']).where('user_id', '=', userId).where('id', '=', receiptId).executeTakeFirst();
  if (!receipt) return null;
  const items = await db
    .selectFrom('receipt_items')
    .select(['name', 'price_cents'])
    .where('user_id', '=', userId)
    .where('receipt_id', '=', receiptId)
    .execute();
  return { currency: receipt.currency, items };
}
