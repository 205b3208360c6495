import { allocate, lineOf, spreadOverLines } from '../../../shared/split';
import type { CategoryPart } from './repository';

/** What itemParts needs of a receipt: its total as printed and in the home currency, and its category. */
export interface CountedReceipt {
  printed_minor: number;
  amount_cents: number;
  category_id: string;
}

/** What itemParts needs of an item: its price (the receipt currency's minor units) and its own category. */
export interface CountedItem {
  price_cents: number;
  quantity: number;
  category_id: string | null;
}

/**
 * What a receipt's items count in their own categories beyond the receipt's row, which counts
 * whole in the receipt's category: each category its items' lines plus their part of the rest
 * (tax, tip, rounding, less discounts), the one allocation households share receipts by, then
 * valued in the home currency by the same allocation; the receipt's category gives up what the
 * others take. None when every item is in the receipt's category, or when the lines or the total
 * come to nothing (nothing to be in proportion to): the receipt then counts whole, as before.
 */
export function itemParts(receipt: CountedReceipt, items: readonly CountedItem[]): CategoryPart[] {
  const own = receipt.category_id;
  if (!items.some((i) => i.category_id !== null && i.category_id !== own)) return [];
  const lines = new Map<string, number>();
  for (const item of items) {
    const category = item.category_id ?? own;
    lines.set(category, (lines.get(category) ?? 0) + lineOf({ price: item.price_cents, quantity: item.quantity }));
  }
  let sum = 0;
  for (const line of lines.values()) sum += line;
  if (sum === 0 || receipt.printed_minor === 0) return [];
  const printed = spreadOverLines(receipt.printed_minor, lines);
  const home = allocate(receipt.amount_cents, printed);
  const parts: CategoryPart[] = [];
  for (const [categoryId, cents] of home) {
    const beyond = categoryId === own ? cents - receipt.amount_cents : cents;
    if (beyond !== 0) parts.push({ categoryId, cents: beyond });
  }
  if (!home.has(own)) parts.push({ categoryId: own, cents: -receipt.amount_cents });
  return parts.sort((a, b) => (a.categoryId < b.categoryId ? -1 : 1));
}
