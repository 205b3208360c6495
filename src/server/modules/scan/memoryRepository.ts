import crypto from 'node:crypto';
import type { Executor } from '../../db/schema';

/** The stores a scan compares a header with: the person's most recently used ones. */
export const REMEMBERED_STORES_READ = 500;

export interface RememberedStore {
  header_key: string;
  ocr_header: string;
  store_name: string;
  /** Null when none was kept or the category has been deleted. */
  category_id: string | null;
  category_name: string | null;
}

export const headerKeyOf = (ocrHeader: string) => crypto.createHash('sha256').update(ocrHeader).digest('hex');

/** The person's remembered stores, newest first; a category id only when it is still theirs. */
export function rememberedStores(db: Executor, userId: string): Promise<RememberedStore[]> {
  return db
    .selectFrom('store_memory as m')
    .leftJoin('categories as c', (j) => j.onRef('c.id', '=', 'm.category_id').onRef('c.user_id', '=', 'm.user_id'))
    .select(['m.header_key', 'm.ocr_header', 'm.store_name', 'c.id as category_id', 'c.name as category_name'])
    .where('m.user_id', '=', userId)
    .orderBy('m.updated_at', 'desc')
    .limit(REMEMBERED_STORES_READ)
    .execute();
}

/** Records (or replaces) the name and category for the header whose key is `headerKey`. */
export async function rememberStore(
  db: Executor,
  userId: string,
  entry: { header_key: string; ocr_header: string; store_name: string; category_id: string | null },
): Promise<void> {
  await db
    .insertInto('store_memory')
    .values({ user_id: userId, ...entry, updated_at: new Date() })
    .onConflict((oc) =>
      oc.columns(['user_id', 'header_key']).doUpdateSet({ store_name: entry.store_name, category_id: entry.category_id, updated_at: new Date() }),
    )
    .execute();
}

export interface RememberedItem {
  read_key: string;
  name: string;
  /** Null when the category has been deleted. */
  category_id: string | null;
}

/** Records (or replaces) the names and categories saved for items read as these keys. */
export async function rememberItemEntries(
  db: Executor,
  userId: string,
  entries: ReadonlyArray<{ read_key: string; name: string; category_id: string }>,
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('item_memory')
    .values(entries.map((e) => ({ user_id: userId, ...e, updated_at: new Date() })))
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'read_key'])
        .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), category_id: eb.ref('excluded.category_id'), updated_at: new Date() })),
    )
    .execute();
}

/** The remembered items read as these keys; a category id only when it is still the person's. */
export function recallItemEntries(db: Executor, userId: string, keys: readonly string[]): Promise<RememberedItem[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('item_memory as m')
    .leftJoin('categories as c', (j) => j.onRef('c.id', '=', 'm.category_id').onRef('c.user_id', '=', 'm.user_id'))
    .select(['m.read_key', 'm.name', 'c.id as category_id'])
    .where('m.user_id', '=', userId)
    .where('m.read_key', 'in', keys)
    .execute();
}
