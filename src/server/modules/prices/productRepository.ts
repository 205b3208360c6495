import { sql } from 'kysely';
import type { Executor } from '../../db/schema';

/** One name of a product: its key (lower-cased), how it is shown, and how many items carry it. */
export interface ProductName {
  key: string;
  name: string;
  purchases: number;
}

/** A name's product: the key of its own name and its names, that one first; a name grouped into none is a product of one. */
export interface Product {
  /** The key of the name asked about. */
  asked: string;
  key: string;
  names: ProductName[];
  /** Whether it is kept in item_products (a product of one is not). */
  grouped: boolean;
}

interface ProductRow {
  asked: string;
  product: string;
  key: string;
  name: string | null;
  purchases: string | number | null;
  grouped: boolean;
}

/**
 * The product of each of `names` (any case), in the order asked, by the lower-cased name, in one
 * query: its names read by (user_id, product_key), each shown as items spell it, or as kept with
 * the product once no item does. A name neither bought nor grouped comes back as a product of
 * one named by its key, with no purchases.
 */
export async function productsOf(db: Executor, userId: string, names: readonly string[]): Promise<Map<string, Product>> {
  if (names.length === 0) return new Map();
  const { rows } = await sql<ProductRow>`
    SELECT k.key AS asked, coalesce(p.product_key, k.key) AS product, coalesce(m.key, k.key) AS key,
           coalesce(n.name, m.name) AS name, n.purchases, p.key IS NOT NULL AS grouped
      FROM (SELECT lower(x) AS key, min(at) AS at FROM unnest(${sql.val([...names])}::text[]) WITH ORDINALITY AS u(x, at) GROUP BY lower(x)) k
      LEFT JOIN item_products p ON p.user_id = ${userId} AND p.key = k.key
      LEFT JOIN item_products m ON m.user_id = ${userId} AND m.product_key = p.product_key
      LEFT JOIN item_names n ON n.user_id = ${userId} AND n.key = coalesce(m.key, k.key)
     ORDER BY k.at, coalesce(m.key = p.product_key, true) DESC, coalesce(n.name, m.name)`.execute(db);
  const products = new Map<string, Product>();
  for (const row of rows) {
    const product = products.get(row.asked) ?? { asked: row.asked, key: row.product, names: [], grouped: row.grouped };
    product.names.push({ key: row.key, name: row.name ?? row.key, purchases: Number(row.purchases ?? 0) });
    products.set(row.asked, product);
  }
  return products;
}

/** The product of one name (any case). */
export async function productOf(db: Executor, userId: string, name: string): Promise<Product> {
  return [...(await productsOf(db, userId, [name])).values()][0];
}

/** Whether the person bought an item of this name (any case), or keeps it in a product. */
export async function isOwnName(db: Executor, userId: string, name: string): Promise<boolean> {
  const { rows } = await sql`
    SELECT 1 FROM item_names WHERE user_id = ${userId} AND key = lower(${name})
    UNION ALL
    SELECT 1 FROM item_products WHERE user_id = ${userId} AND key = lower(${name})
    LIMIT 1`.execute(db);
  return rows.length > 0;
}

/**
 * Puts `names` into the product of `productKey` (whose own name is among them, first), in one
 * statement: names already in a product move, the others are kept with their spelling.
 */
export async function groupInto(db: Executor, userId: string, productKey: string, names: readonly ProductName[]): Promise<void> {
  await db
    .insertInto('item_products')
    .values(names.map((n) => ({ user_id: userId, key: n.key, name: n.name, product_key: productKey })))
    .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet((eb) => ({ product_key: eb.ref('excluded.product_key') })))
    .execute();
}

/** Takes names (keys) out of whatever product holds them. */
export async function ungroup(db: Executor, userId: string, keys: readonly string[]): Promise<void> {
  await db.deleteFrom('item_products').where('user_id', '=', userId).where('key', 'in', keys).execute();
}

/** A word to look for in names, and the LIKE pattern of the longer words it may be short for. */
export interface SoughtWord {
  word: string;
  pattern: string | null;
}

/**
 * The person's names (keys) holding any of `words` (as they are, or as a longer word they may
 * abbreviate), those holding more of them first, then the most bought: one read of their names,
 * bounded by `limit`.
 */
export async function namesWithWords(db: Executor, userId: string, words: readonly SoughtWord[], limit: number): Promise<string[]> {
  if (words.length === 0) return [];
  // One term a word, summed in the row: no subquery for each of the person's names.
  const hits = sql.join(
    words.map(({ word, pattern }) =>
      pattern === null ? sql`(strpos(n.key, ${word}) > 0)::int` : sql`(strpos(n.key, ${word}) > 0 OR n.key LIKE ${pattern})::int`,
    ),
    sql` + `,
  );
  const { rows } = await sql<{ key: string }>`
    SELECT c.key
      FROM (SELECT n.key, n.purchases, ${hits} AS hits FROM item_names n WHERE n.user_id = ${userId}) c
     WHERE c.hits > 0
     ORDER BY c.hits DESC, c.purchases DESC, c.key
     LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.key);
}
