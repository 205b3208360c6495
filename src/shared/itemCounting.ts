import { allocate, lineOf, spreadOverLines } from './split';

/**
 * What each category, and each item, of a receipt counts when its items count in categories of
 * their own: one allocation for the person's totals, the shares of a shared receipt and the items
 * CSV. Pure (the client may show it too).
 */

/** What the counting needs of a receipt: its total as printed and in the home currency, and its category. */
export interface CountedReceipt {
  printed_minor: number;
  amount_cents: number;
  category_id: string;
}

/** What the counting needs of an item: its price (the receipt currency's minor units) and its own category. */
export interface CountedItem {
  price_cents: number;
  quantity: number;
  category_id: string | null;
}

/** What a category, or one item, counts of a receipt: as printed (its currency's minor units) and in hundredths of the home currency. */
export interface Counted {
  printed: number;
  home: number;
}

/**
 * What each category counts of a receipt whose items count in categories of their own: each
 * category its items' lines plus their part of the rest (tax, tip, rounding, less discounts),
 * the allocation households share receipts by, then valued in the home currency by the same
 * allocation. Null when the receipt counts whole in its own category: every item is in it, or
 * the lines or the total come to nothing (nothing to be in proportion to).
 */
export function countedByCategory(receipt: CountedReceipt, items: readonly CountedItem[]): Map<string, Counted> | null {
  const own = receipt.category_id;
  if (!items.some((i) => i.category_id !== null && i.category_id !== own)) return null;
  const lines = new Map<string, number>();
  for (const item of items) {
    const category = item.category_id ?? own;
    lines.set(category, (lines.get(category) ?? 0) + lineOf({ price: item.price_cents, quantity: item.quantity }));
  }
  let sum = 0;
  for (const line of lines.values()) sum += line;
  if (sum === 0 || receipt.printed_minor === 0) return null;
  const printed = spreadOverLines(receipt.printed_minor, lines);
  const home = allocate(receipt.amount_cents, printed);
  return new Map([...printed].map(([categoryId, minor]) => [categoryId, { printed: minor, home: home.get(categoryId)! }]));
}

/** One item as it counts: the category it counts in and what it counts there. */
export interface CountedLine extends Counted {
  categoryId: string;
}

/**
 * What each item counts, in the items' order, so that each category's items add up to what
 * the totals count there (the receipt's row included) and all of them to the receipt: each
 * category's count divided among its items by their lines, by the same allocation. An item
 * counts in its own category, or in the receipt's where the receipt counts whole. Where the
 * items' printed parts cancel within a category (a purchase and its refund), that category's
 * home amount (nothing, or next to it) goes evenly: there is nothing to be in proportion to.
 */
export function countedItems(receipt: CountedReceipt, items: readonly CountedItem[]): CountedLine[] {
  if (items.length === 0) return [];
  const own = receipt.category_id;
  const byCategory = countedByCategory(receipt, items);
  const counted = byCategory ?? new Map([[own, { printed: receipt.printed_minor, home: receipt.amount_cents }]]);
  // Keys that sort in the items' order, so a tie of the allocation goes to the earlier item.
  const keyOf = (i: number) => String(i).padStart(6, '0');
  const lines = items.map((item) => ({ categoryId: byCategory ? (item.category_id ?? own) : own, printed: 0, home: 0 }));
  for (const [categoryId, total] of counted) {
    const itemLines = new Map<string, number>();
    items.forEach((item, i) => {
      if (lines[i].categoryId === categoryId) itemLines.set(keyOf(i), lineOf({ price: item.price_cents, quantity: item.quantity }));
    });
    const printed = spreadOverLines(total.printed, itemLines);
    const cancel = [...printed.values()].reduce((s, p) => s + p, 0) === 0;
    const home = cancel ? spreadOverLines(total.home, new Map([...printed.keys()].map((k) => [k, 0]))) : allocate(total.home, printed);
    lines.forEach((line, i) => {
      if (line.categoryId !== categoryId) return;
      line.printed = printed.get(keyOf(i))!;
      line.home = home.get(keyOf(i))!;
    });
  }
  return lines;
}
