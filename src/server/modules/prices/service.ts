import type { Db } from '../../db';
import { notFound } from '../../errors';
import { addDays } from '../../../shared/calendar';
import { fromMinor } from '../../../shared/currency';
import { PRICE_HISTORY_LIMIT, PRICE_NOTE_MIN_PURCHASES, PRICE_NOTE_RATIO, PRICE_NOTE_RECENT, RECENT_PRICE_DAYS } from '../../../shared/constants/prices';
import type { BoughtItem, ItemSearchQuery, PriceHistory, PriceNote, StorePrice } from '../../../shared/prices';
import { boughtItems, purchasesOf, receiptItemsOf, type PurchaseRow } from './repository';
import { productOf, productsOf } from './productRepository';

/** Other modules read nothing through this one. */

const ITEMS_LISTED = 20;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

/** Each store's purchases of one item (in one currency), cheapest last price first. */
function byStore(rows: readonly PurchaseRow[]): StorePrice[] {
  const groups = new Map<string, PurchaseRow[]>();
  for (const row of rows) groups.set(`${row.store}|${row.currency}`, [...(groups.get(`${row.store}|${row.currency}`) ?? []), row]);
  return [...groups.values()]
    .map((g) => {
      const prices = g.map((r) => r.price_minor);
      const c = g[0].currency;
      return {
        store: g[0].store,
        currency: c,
        purchases: g.length,
        last_price: fromMinor(g[0].price_minor, c), // rows are newest first
        last_date: g[0].date,
        lowest: fromMinor(Math.min(...prices), c),
        average: fromMinor(Math.round(prices.reduce((s, p) => s + p, 0) / prices.length), c),
      };
    })
    .sort((a, b) => a.last_price - b.last_price || a.store.localeCompare(b.store));
}

/** Reads receipt_items by (user_id, lower(name)): an item's history costs its own purchases, not the person's items. */
export class PriceService {
  constructor(private db: Db) {}

  async items(userId: string, query: ItemSearchQuery): Promise<BoughtItem[]> {
    return boughtItems(this.db, userId, query.search?.trim() ?? '', ITEMS_LISTED);
  }

  /** The purchases of the item's product: every name grouped with it, each read by its own index range. */
  async history(userId: string, item: string): Promise<PriceHistory> {
    const product = await productOf(this.db, userId, item.trim());
    const rows = await purchasesOf(
      this.db,
      userId,
      product.names.map((n) => n.key),
      PRICE_HISTORY_LIMIT,
      PRICE_HISTORY_LIMIT,
    );
    const recentFrom = rows.length ? addDays(rows[0].date, -RECENT_PRICE_DAYS) : '';
    const recent = rows.filter((r) => r.date >= recentFrom).sort((a, b) => a.price_minor - b.price_minor || (a.date < b.date ? 1 : -1));
    const cheapest = recent[0];
    // A product of one is named as its latest purchase spells it, as before products.
    const name = product.grouped ? product.names[0].name : (rows[0]?.name ?? item.trim());
    return {
      item: name,
      names: product.grouped ? product.names.map((n) => n.name) : [name],
      points: [...rows]
        .reverse()
        .map((r) => ({ date: r.date, store: r.store, unit_price: fromMinor(r.price_minor, r.currency), currency: r.currency, receipt_id: r.receipt_id })),
      stores: byStore(rows),
      cheapest_recent: cheapest
        ? { store: cheapest.store, unit_price: fromMinor(cheapest.price_minor, cheapest.currency), currency: cheapest.currency, date: cheapest.date }
        : null,
    };
  }

  /**
   * The receipt's items that cost clearly more than usual: the median of the person's other
   * recent purchases of it in the same currency (PRICE_NOTE_RECENT), with the store they bought
   * it at most often.
   */
  async notes(userId: string, receiptId: string): Promise<PriceNote[]> {
    const receipt = await receiptItemsOf(this.db, userId, receiptId);
    if (!receipt) throw notFound('Receipt not found');
    const products = await productsOf(
      this.db,
      userId,
      receipt.items.map((i) => i.name),
    );
    const productOfName = new Map([...products.values()].flatMap((p) => p.names.map((n) => [n.key, p.key])));
    const purchases = new Map<string, PurchaseRow[]>();
    // One more than the recent ones: the receipt's own purchase is among them. Rows come newest
    // first, so each product keeps the latest of all its names.
    for (const row of await purchasesOf(this.db, userId, [...productOfName.keys()], PRICE_NOTE_RECENT + 1)) {
      const product = productOfName.get(row.name.toLowerCase()) ?? row.name.toLowerCase();
      const rows = purchases.get(product) ?? [];
      if (rows.length <= PRICE_NOTE_RECENT) purchases.set(product, [...rows, row]);
    }
    const notes: PriceNote[] = [];
    const seen = new Set<string>();
    for (const item of receipt.items) {
      const key = item.name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const others = (purchases.get(products.get(key)?.key ?? key) ?? []).filter(
        (r) => r.receipt_id !== receiptId && r.currency === receipt.currency && r.price_minor > 0,
      );
      if (others.length < PRICE_NOTE_MIN_PURCHASES) continue;
      const usual = median(others.map((r) => r.price_minor));
      if (item.price_cents < usual * PRICE_NOTE_RATIO) continue;
      const counts = new Map<string, number>();
      for (const r of others) counts.set(r.store, (counts.get(r.store) ?? 0) + 1);
      const store = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
      notes.push({
        item: item.name,
        paid: fromMinor(item.price_cents, receipt.currency),
        usual: fromMinor(usual, receipt.currency),
        usual_store: store,
        currency: receipt.currency,
      });
    }
    return notes;
  }
}
