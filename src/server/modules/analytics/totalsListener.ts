import type { Executor } from '../../db/schema';
import type { ReceiptBatch } from '../receipts/events';
import { applyTotalsDeltas, rebuildTotals, type TotalsDelta } from './repository';

/**
 * Receipt listener: keeps daily and monthly totals equal to the sum of the person's receipts, in
 * the write's transaction, by each listed change, or counted again when the write asks to.
 */
export async function updateTotalsOnReceipts(trx: Executor, { userId, changes, unlisted }: ReceiptBatch): Promise<void> {
  if (unlisted?.recount) return rebuildTotals(trx, userId);
  const deltas: TotalsDelta[] = changes.flatMap(({ before, after }) => [
    ...(before ? [{ day: before.date, categoryId: before.categoryId, cents: -before.amountCents, count: -1 }] : []),
    ...(after ? [{ day: after.date, categoryId: after.categoryId, cents: after.amountCents, count: 1 }] : []),
  ]);
  await applyTotalsDeltas(trx, userId, deltas);
}
