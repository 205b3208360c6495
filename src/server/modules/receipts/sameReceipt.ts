import type { Executor } from '../../db/schema';
import { fromMinor } from '../../../shared/currency';
import type { LikeReceipt, SameReceiptQuery } from '../../../shared/receipts';
import { checkedCurrency, findHomeCurrency, minorAmount } from '../currency/service';
import { parseReceiptDate } from './receiptDates';
import { findLikeReceipts, type LikeReceiptRow } from './repository';

/** A receipt found like another, as the answers of every way a receipt comes in show it. */
export function toLikeReceipt(row: LikeReceiptRow): LikeReceipt {
  return {
    _id: row.id,
    store_name: row.store,
    date: row.date,
    total_amount: fromMinor(row.printed_minor, row.currency),
    currency: row.currency,
    imported: row.imported,
  };
}

/**
 * The person's receipt, saved or imported, that one being entered (the Add Transaction form, a
 * scan, a draft with its photo's `imageHash`) is, or null: the one lookup all of them ask before
 * saving. A 400 for a date, currency or amount that could not be saved either.
 */
export async function findSameReceipt(
  db: Executor,
  userId: string,
  query: SameReceiptQuery,
  now: Date,
  imageHash: string | null = null,
): Promise<LikeReceipt | null> {
  const date = parseReceiptDate(query.date, 'date', now);
  const home = await findHomeCurrency(db, userId);
  const currency = query.currency === undefined ? home : checkedCurrency(query.currency, 'currency');
  const printedMinor = minorAmount(query.amount, currency, 'amount', home);
  const [row] = await findLikeReceipts(db, userId, [{ imageHash, store: query.store.trim(), date, currency, printedMinor }]);
  return row ? toLikeReceipt(row) : null;
}
