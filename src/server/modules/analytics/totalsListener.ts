import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ReceiptChange } from '../receipts/events';
import { applyTotalsDeltas, type TotalsDelta } from './repository';

/** Keeps daily and monthly totals equal to the sum of the user's receipts, in the write's transaction. */
export async function updateTotalsOnReceiptChange(trx: Transaction<Database>, change: ReceiptChange): Promise<void> {
  const deltas: TotalsDelta[] = [];
  if (change.before) deltas.push({ day: change.before.date, categoryId: change.before.categoryId, cents: -change.before.amountCents, count: -1 });
  if (change.after) deltas.push({ day: change.after.date, categoryId: change.after.categoryId, cents: change.after.amountCents, count: 1 });
  await applyTotalsDeltas(trx, change.userId, deltas);
}
