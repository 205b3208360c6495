import type { ExportedReceipt, SharedWithMe } from '../../../shared/settings';
import { fromMinor, minorUnits } from '../../../shared/currency';
import { fromCents } from '../../../shared/money';
import { countedItems } from '../../../shared/itemCounting';
import { csvHeader, csvRows, type CsvValue } from './csv';
import { money, printedAmount, sharedBy, YOUR_SHARE_COLUMN, type ExportBody } from './service';

/**
 * The items CSV (GET /api/export?format=csv&rows=items): what the person spent by the category
 * each item counts in. One row per item with its part of the receipt after tax, tip, discounts
 * and rounding, by the allocation the totals count by (receipts' countedItems); a receipt
 * without items is one row in its category. Each receipt's rows add up to its row of the
 * receipts CSV, and each category's to what analytics count there (for a person who shares,
 * the Your share column does, as it does in the receipts CSV).
 */
export const ITEMS_CSV_HEADER = ['Receipt ID', 'Date', 'Store', 'Item', 'Quantity', 'Category', 'Amount', 'Currency', 'Home amount'];

/**
 * The rows of a person's own shared receipt that take off what the others' shares count, one for
 * each category it comes off, as their totals count it.
 */
export const OTHERS_SHARES_ITEM = "Others' shares";

/** What the items CSV reads besides the receipts. */
export interface ItemsCsvLookups {
  /** The names of the person's categories by id, as they are when a page is read. */
  categoryNames: () => Promise<ReadonlyMap<string, string>>;
  /** What the others' shares take off each of these receipts of the person's, by category (hundredths of the home currency). */
  othersShares: (receiptIds: string[]) => Promise<ReadonlyMap<string, ReadonlyMap<string, number>>>;
}

/** An amount of the API's shape back in whole minor units, as it is stored (hundredths: the home currency's). */
const minorOf = (amount: number, currency?: string) => Math.round(amount * 10 ** (currency ? minorUnits(currency) : 2));

/** A receipt's rows: one per item as it counts (or one for the whole receipt without items), then what others' shares take off it. */
function receiptItemRows(r: ExportedReceipt, names: ReadonlyMap<string, string>, others: ReadonlyMap<string, number> | undefined): CsvValue[][] {
  const head = [r.id, r.date, r.store];
  const sharer = others !== undefined;
  const categoryName = (id: string) => (id === r.categoryId ? r.category : (names.get(id) ?? null));
  // Without items one row, which counts in one category: its Your share is what the receipt counts for the person.
  if (r.items.length === 0) {
    return [[...head, null, null, r.category, printedAmount(r), r.currency, money(r.home_amount), ...(sharer ? [money(r.your_share)] : [])]];
  }
  const receipt = { printed_minor: minorOf(r.amount, r.currency), amount_cents: minorOf(r.home_amount), category_id: r.categoryId };
  const items = r.items.map((i) => ({ price_cents: minorOf(i.price, r.currency), quantity: i.quantity, category_id: i.categoryId ?? null }));
  const counted = countedItems(receipt, items);
  const rows = counted.map((line, n): CsvValue[] => {
    const home = money(fromCents(line.home));
    return [
      ...head,
      r.items[n].name,
      r.items[n].quantity,
      categoryName(line.categoryId),
      money(fromMinor(line.printed, r.currency), minorUnits(r.currency)),
      r.currency,
      home,
      ...(sharer ? [home] : []),
    ];
  });
  // In the order the items name their categories, so the file reads the same each time.
  const order = [...new Set(counted.map((c) => c.categoryId))];
  const place = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  for (const [categoryId, cents] of [...(others ?? [])].sort(([a], [b]) => place(a) - place(b) || (a < b ? -1 : 1)))
    rows.push([...head, OTHERS_SHARES_ITEM, null, categoryName(categoryId), null, null, null, money(fromCents(cents))]);
  return rows;
}

/**
 * Another's receipt shared with the person: a row for each of their categories their share counts
 * in (as the items it pays for do), largest first, the receipt's amount on the first.
 */
const sharedItemRows = (r: SharedWithMe): CsvValue[][] =>
  r.by_category.map((part, i) => [
    r.shared_receipt_id,
    r.date,
    r.store,
    sharedBy(r),
    null,
    part.category,
    i === 0 ? money(r.amount, minorUnits(r.currency)) : null,
    r.currency,
    null,
    money(part.your_share),
  ]);

/**
 * The items CSV as it is written: the header, then the receipts page by page (the category
 * names read again only for a page whose rows name categories other than their receipts'), then
 * others' receipts shared with the person.
 */
export async function* itemsCsvExport({ receipts, shared }: ExportBody, lookups: ItemsCsvLookups): AsyncGenerator<string> {
  const sharer = shared !== undefined;
  yield csvHeader(sharer ? [...ITEMS_CSV_HEADER, YOUR_SHARE_COLUMN] : ITEMS_CSV_HEADER);
  const none: ReadonlyMap<string, string> = new Map();
  const nothingTaken: ReadonlyMap<string, number> = new Map();
  for await (const page of receipts) {
    if (!page.length) continue;
    const others = sharer ? await lookups.othersShares(page.map((r) => r.id)) : undefined;
    const namesOther = page.some(
      (r) => r.items.some((i) => i.categoryId && i.categoryId !== r.categoryId) || [...(others?.get(r.id)?.keys() ?? [])].some((id) => id !== r.categoryId),
    );
    const names = namesOther ? await lookups.categoryNames() : none;
    yield csvRows(page.flatMap((r) => receiptItemRows(r, names, others ? (others.get(r.id) ?? nothingTaken) : undefined)));
  }
  if (shared) for await (const page of shared) if (page.length) yield csvRows(page.flatMap(sharedItemRows));
}
