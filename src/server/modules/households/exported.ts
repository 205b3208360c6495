import type { Executor } from '../../db/schema';
import { fromMinor } from '../../../shared/currency';
import { fromCents } from '../../../shared/money';
import type { SharedWithMe } from '../../../shared/settings';
import * as repo from './repository';

/**
 * A person's export counts what is theirs, as their totals do (share_counts): their own receipts
 * with what the shares take off them, and others' receipts with only their share.
 */
export { sharesAnything, countedOnOwnReceipts } from './repository';

/** What each of the person's receipts counts for them, in their home currency, by receipt id. */
export async function yourShares(db: Executor, userId: string, receipts: ReadonlyArray<{ id: string; home_amount: number }>): Promise<Map<string, number>> {
  const counted = await repo.countedOnOwnReceipts(
    db,
    userId,
    receipts.map((r) => r.id),
  );
  const takenOff = (id: string) => [...(counted.get(id)?.values() ?? [])].reduce((s, cents) => s + cents, 0);
  return new Map(receipts.map((r) => [r.id, fromCents(Math.round(r.home_amount * 100) + takenOff(r.id))]));
}

/** Others' receipts shared with the person, newest first, `pageSize` at a time. */
export async function* sharedWithMePages(db: Executor, userId: string, pageSize: number): AsyncGenerator<SharedWithMe[]> {
  let after: { date: string; id: string } | undefined;
  for (;;) {
    const rows = await repo.sharedWithPage(db, userId, pageSize, after);
    if (rows.length) {
      yield rows.map((r) => ({
        shared_receipt_id: r.id,
        household_id: r.household_id,
        shared_by: r.shared_by,
        date: r.date,
        store: r.store,
        amount: fromMinor(Number(r.total_minor), r.currency),
        currency: r.currency,
        category: r.category,
        your_share: fromCents(Number(r.cents)),
        by_category: r.by_category.map((c) => ({ category: c.category, your_share: fromCents(Number(c.cents)) })),
      }));
    }
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { date: last.date, id: last.id };
  }
}
