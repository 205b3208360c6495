import type { Executor } from '../../db/schema';
import type { ReceiptBatch, ReceiptSnapshot } from '../receipts/events';
import { applyTotalsDeltas, rebuildTotals, type TotalsDelta } from './repository';

/**
 * Receipt listener: keeps daily and monthly totals equal to the sum of the person's receipts, in
 * the write's transaction, by each listed change, or counted again when the write asks to.
 */
export async function updateTotalsOnReceipts(trx: Executor, { userId, changes, unlisted }: ReceiptBatch): Promise<void> {
  if (unlisted?.recount) return rebuildTotals(trx, userId);
  // A receipt counts once in its category; its items' parts move money between categories (count 0).
  const counted = (r: ReceiptSnapshot, sign: number): TotalsDelta[] => [
    { day: r.date, categoryId: r.categoryId, cents: sign * r.amountCents, count: sign },
    ...r.parts.map((p) => ({ day: r.date, categoryId: p.categoryId, cents: sign * p.cents, count: 0 })),
  ];
  const deltas: TotalsDelta[] = changes.flatMap(({ before, after }) => [...(before ? counted(before, -1) : []), ...(after ? counted(after, 1) : [])]);
  await applyTotalsDeltas(trx, userId, deltas);
}
