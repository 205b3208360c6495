import type { ExportedReceipt, SharedWithMe } from '../../../shared/settings';
import { fromMinor, minorUnits } from '../../../shared/currency';
import { fromCents } from '../../../shared/money';
import { countedItems } from '../receipts/service';
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
 * The row of a person's own shared receipt that takes off what the others' shares count: their
 * totals count it in the receipt's category, whatever categories its items count in.
 */
export const OTHERS_SHARES_ITEM = "Others' shares";

/** The names of the person's categories by id, as they are when a page is read. */
export type CategoryNames = () => Promise<ReadonlyMap<string, string>>;

/** An amount of the API's shape back in whole minor units, as it is stored (hundredths: the home currency's). */
const minorOf = (amount: number, currency?: string) => Math.round(amount * 10 ** (currency ? minorUnits(currency) : 2));

/** A receipt's rows: one per item as it counts, or one for the whole receipt without items. */
function receiptItemRows(r: ExportedReceipt, names: ReadonlyMap<string, string>, sharer: boolean): CsvValue[][] {
  const head = [r.id, r.date, r.store];
  if (r.items.length === 0) {
    return [[...head, null, null, r.category, printedAmount(r), r.currency, money(r.home_amount), ...(sharer ? [money(r.your_share)] : [])]];
  }
  const receipt = { printed_minor: minorOf(r.amount, r.currency), amount_cents: minorOf(r.home_amount), category_id: r.categoryId };
  const items = r.items.map((i) => ({ price_cents: minorOf(i.price, r.currency), quantity: i.quantity, category_id: i.categoryId ?? null }));
  const rows = countedItems(receipt, items).map((counted, n): CsvValue[] => {
    const home = money(fromCents(counted.home));
    return [
      ...head,
      r.items[n].name,
      r.items[n].quantity,
      counted.categoryId === r.categoryId ? r.category : (names.get(counted.categoryId) ?? null),
      money(fromMinor(counted.printed, r.currency), minorUnits(r.currency)),
      r.currency,
      home,
      ...(sharer ? [home] : []),
    ];
  });
  const others = sharer && r.your_share !== undefined ? minorOf(r.your_share) - receipt.amount_cents : 0;
  if (others !== 0) rows.push([...head, OTHERS_SHARES_ITEM, null, r.category, null, null, null, money(fromCents(others))]);
  return rows;
}

/** Another's receipt shared with the person: one row, as in the receipts CSV, only their share counted. */
const sharedItemRow = (r: SharedWithMe): CsvValue[] => [
  r.shared_receipt_id,
  r.date,
  r.store,
  sharedBy(r),
  null,
  r.category,
  money(r.amount, minorUnits(r.currency)),
  r.currency,
  null,
  money(r.your_share),
];

/**
 * The items CSV as it is written: the header, then the receipts page by page (the category
 * names read again only for a page whose items name categories of their own), then others'
 * receipts shared with the person.
 */
export async function* itemsCsvExport({ receipts, shared }: ExportBody, categoryNames: CategoryNames): AsyncGenerator<string> {
  const sharer = shared !== undefined;
  yield csvHeader(sharer ? [...ITEMS_CSV_HEADER, YOUR_SHARE_COLUMN] : ITEMS_CSV_HEADER);
  const none: ReadonlyMap<string, string> = new Map();
  for await (const page of receipts) {
    if (!page.length) continue;
    const names = page.some((r) => r.items.some((i) => i.categoryId)) ? await categoryNames() : none;
    yield csvRows(page.flatMap((r) => receiptItemRows(r, names, sharer)));
  }
  if (shared) for await (const page of shared) if (page.length) yield csvRows(page.map(sharedItemRow));
}
