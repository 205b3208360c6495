import { countedByCategory, type CountedItem, type CountedReceipt } from '../../../shared/itemCounting';
import type { CategoryPart } from './repository';

/**
 * What a receipt's items count in their own categories beyond the receipt's row, which counts
 * whole in the receipt's category (see countedByCategory); the receipt's category gives up what
 * the others take. None when the receipt counts whole, as before.
 */
export function itemParts(receipt: CountedReceipt, items: readonly CountedItem[]): CategoryPart[] {
  const counted = countedByCategory(receipt, items);
  if (!counted) return [];
  const own = receipt.category_id;
  const parts: CategoryPart[] = [];
  for (const [categoryId, { home: cents }] of counted) {
    const beyond = categoryId === own ? cents - receipt.amount_cents : cents;
    if (beyond !== 0) parts.push({ categoryId, cents: beyond });
  }
  if (!counted.has(own)) parts.push({ categoryId: own, cents: -receipt.amount_cents });
  return parts.sort((a, b) => (a.categoryId < b.categoryId ? -1 : 1));
}
