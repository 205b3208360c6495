import type { Executor } from '../../db/schema';
import { normaliseLine } from './receiptHeader';
import { recallItemEntries, rememberItemEntries, type RememberedItem } from './memoryRepository';

/**
 * Tally learns item names as it learns store names (storeMemory.ts): per person, the name and
 * category they saved for an item, found again by what the scanner read for it.
 */

/** What the person saved for a scanned item: the name as read, the name kept and the category it counts in. */
export interface LearnedItem {
  readAs: string;
  name: string;
  categoryId: string;
}

/** Remembers the saved items of a scanned receipt (the last save of a name read wins). */
export async function learnItems(db: Executor, userId: string, items: readonly LearnedItem[]): Promise<void> {
  const byKey = new Map<string, { read_key: string; name: string; category_id: string }>();
  for (const item of items) {
    const key = normaliseLine(item.readAs);
    if (key) byKey.set(key, { read_key: key, name: item.name, category_id: item.categoryId });
  }
  await rememberItemEntries(
    db,
    userId,
    [...byKey.values()].sort((a, b) => (a.read_key < b.read_key ? -1 : 1)),
  );
}

/** What the person saved before for each name read, by that name. */
export async function recallItems(db: Executor, userId: string, readNames: readonly string[]): Promise<Map<string, RememberedItem>> {
  const keys = new Map(readNames.map((n) => [n, normaliseLine(n)]));
  const found = await recallItemEntries(db, userId, [...new Set(keys.values())].filter(Boolean));
  const byKey = new Map(found.map((f) => [f.read_key, f]));
  const out = new Map<string, RememberedItem>();
  for (const [name, key] of keys) {
    const entry = byKey.get(key);
    if (entry) out.set(name, entry);
  }
  return out;
}
