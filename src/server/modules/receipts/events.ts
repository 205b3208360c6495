import type { Transaction } from 'kysely';
import type { Database, Executor } from '../../db/schema';

/**
 * What a listener learns about a receipt before and after a write. Money in integer cents.
 * - id: the receipt's id
 * - store: the store name as saved
 * - date: the receipt's calendar date 'YYYY-MM-DD'
 * - amountCents: the total in cents (negative for a refund)
 * - categoryId: the id of its category
 */
export interface ReceiptSnapshot {
  id: string;
  store: string;
  date: string;
  amountCents: number;
  categoryId: string;
}

/** before null: created; after null: deleted; both: edited. */
export interface ReceiptChange {
  userId: string;
  /** When the change is made, by the API's clock: what "this month" means for it. */
  at: Date;
  /** On create: whether the person should be told it was saved (a scan, not a hand-typed entry). */
  announce?: boolean;
  before: ReceiptSnapshot | null;
  after: ReceiptSnapshot | null;
}

/**
 * Runs inside the receipt's transaction: whatever it writes commits or rolls back with the
 * receipt, and if it throws, the whole write fails.
 */
export type ReceiptListener = (trx: Transaction<Database>, change: ReceiptChange) => Promise<void>;

/** Calls the listeners in order, each after the one before it has finished. */
export async function publishReceiptChange(trx: Transaction<Database>, change: ReceiptChange, to: readonly ReceiptListener[]): Promise<void> {
  for (const listener of to) await listener(trx, change);
}

/**
 * Runs once after many of a person's receipts changed in one transaction (a statement import, a
 * new home currency), instead of a listener call per receipt: `storeKeys` are the stores touched.
 */
export type BulkChangeHook = (trx: Executor, userId: string, storeKeys: ReadonlySet<string>, now: Date) => Promise<void>;
