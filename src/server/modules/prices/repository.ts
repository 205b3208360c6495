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
 * query: a receipt's notes look up all its items at once, a product's history all its names.
 * Each name reads only its latest `limit` purchases, however often it was bought (the index
 * holds them in date order); of those, the latest `total` (null: all) are joined to their
 * receipts, so a product of several names joins no more receipts than one name does.
 */
export async function purchasesOf(db: Executor, userId: string, names: readonly string[], limit: number, total: number | null = null): Promise<PurchaseRow[]> {
  const keys = [...new Set(names.map((n) => n.toLowerCase()))];
  if (keys.length === 0) return [];
  const { rows } = await sql<PurchaseRow>`
    SELECT p.receipt_id, p.name, to_char(p.day, 'YYYY-MM-DD') AS date, r.store, r.currency, p.price_minor
      FROM (SELECT i.*
              FROM unnest(${sql.val(keys)}::text[]) AS k(key)
             CROSS JOIN LATERAL (
               SELECT i.receipt_id, i.name, i.date AS day, i.price_cents::bigint AS price_minor
                 FROM receipt_items i
                WHERE i.user_id = ${userId} AND lower(i.name) = k.key
                ORDER BY i.date DESC, i.receipt_id DESC
                LIMIT ${limit}) i
             ORDER BY i.day DESC, i.receipt_id DESC
             LIMIT ${total}) p
      JOIN receipts r ON r.id = p.receipt_id AND r.user_id = ${userId}
     ORDER BY p.day DESC, p.receipt_id DESC`.execute(db);
  return rows.map((r) => ({ ...r, price_minor: Number(r.price_minor) }));
}

/**
 * The person's item names containing `search`, most bought first, each with the category it was
 * last given while that is still one of theirs: their names, not their items (item_names). A
 * product (item_products) is listed once, under its own name, with the purchases of all its names,
 * when any of its names contains `search`; only the person's few grouped names are read for it.
 */
export async function boughtItems(db: Executor, userId: string, search: string, limit: number): Promise<BoughtItem[]> {
  const { rows } = await sql<BoughtItem>`
    WITH products AS (
      SELECT coalesce(min(n.name) FILTER (WHERE p.key = p.product_key), min(p.name) FILTER (WHERE p.key = p.product_key)) AS name,
             coalesce(sum(n.purchases), 0) AS purchases,
             (array_agg(n.category_id ORDER BY p.key = p.product_key DESC, n.purchases DESC, p.key) FILTER (WHERE n.key IS NOT NULL))[1] AS category_id,
             bool_or(strpos(p.key, lower(${search})) > 0) AS found
        FROM item_products p
        LEFT JOIN item_names n ON n.user_id = p.user_id AND n.key = p.key
       WHERE p.user_id = ${userId}
       GROUP BY p.product_key
    ), listed AS (
      (SELECT n.name, n.purchases, n.category_id
         FROM item_names n
        WHERE n.user_id = ${userId} AND strpos(n.key, lower(${search})) > 0
          AND NOT EXISTS (SELECT 1 FROM item_products p WHERE p.user_id = n.user_id AND p.key = n.key)
        ORDER BY n.purchases DESC, n.name
        LIMIT ${limit})
      UNION ALL
      SELECT name, purchases, category_id FROM products WHERE found AND purchases > 0
    )
    SELECT l.name, l.purchases::int AS purchases, c.id AS category_id
      FROM listed l
      LEFT JOIN categories c ON c.user_id = ${userId} AND c.id = l.category_id
     ORDER BY l.purchases DESC, l.name
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
