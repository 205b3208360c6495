import type { Executor } from '../../db/schema';

/**
 * What a listener learns about a receipt before and after a write. Money in integer cents.
 * - id: the receipt's id
 * - store: the store name as saved
 * - date: the receipt's calendar date 'YYYY-MM-DD'
 * - amountCents: the total in cents (negative for a refund)
 * - categoryId: the id of its category
 * - parts: what its items count in their own categories beyond the receipt, which counts whole
 *   in categoryId (they add up to 0; none when every item is in the receipt's category)
 */
export interface ReceiptSnapshot {
  id: string;
  store: string;
  date: string;
  amountCents: number;
  categoryId: string;
  parts: ReadonlyArray<{ categoryId: string; cents: number }>;
}

/** One receipt written. before null: created; after null: deleted; both: edited. */
export interface ReceiptChange {
  /** On create: whether the person should be told it was saved (a scan, not a hand-typed entry). */
  announce?: boolean;
  before: ReceiptSnapshot | null;
  after: ReceiptSnapshot | null;
}

/**
 * Receipts written in set-based SQL, which lists none of them (a statement import, a new home
 * currency): the stores they belong to, and whether the totals and the budget thresholds read
 * from them are counted again from the table now. A write in several transactions (an import)
 * tells its stores a few at a time and recounts once, at its end.
 */
export interface UnlistedReceipts {
  stores: ReadonlySet<string>;
  recount: boolean;
}

/** One write of a person's receipts, as every listener is told of it: a single save is a batch of one. */
export interface ReceiptBatch {
  userId: string;
  /** When the write is made, by the API's clock: what "this month" means for it. */
  at: Date;
  changes: readonly ReceiptChange[];
  unlisted?: UnlistedReceipts;
}

/**
 * Told of every receipt write, once per write, inside its transaction: whatever it writes commits
 * or rolls back with the receipts, and if it throws, the whole write fails.
 */
export type ReceiptListener = (trx: Executor, batch: ReceiptBatch) => Promise<void>;

/** Tells the listeners in order, each after the one before it has finished. */
export async function publishReceiptBatch(trx: Executor, batch: ReceiptBatch, to: readonly ReceiptListener[]): Promise<void> {
  for (const listener of to) await listener(trx, batch);
}

/** A write of receipts it does not list, told to the listeners (moduleWiring makes them; the imports module and the home-currency change call them). */
export type BulkChangeHook = (trx: Executor, userId: string, storeKeys: ReadonlySet<string>, at: Date) => Promise<void>;
