import type { Executor } from '../../db/schema';
import type { ReceiptBatch, ReceiptSnapshot } from '../receipts/events';
import { storeKey } from '../../storeKey';
import { findRecurringSeriesInTurns } from './detect';
import { reconcile } from './reconcile';
import { deleteSeries, insertSeries, receiptsOfStore, seriesOfStore, updateSeries } from './repository';

/** Detects one store's series again from its receipts and stores the outcome. */
export async function redetectStore(trx: Executor, userId: string, key: string): Promise<void> {
  const receipts = await receiptsOfStore(trx, userId, key);
  const stored = await seriesOfStore(trx, userId, key);
  const found = (await findRecurringSeriesInTurns(receipts)).filter((s) => s.storeKey === key);
  const changes = reconcile(key, stored, found, new Set(receipts.map((r) => r.id)));
  await deleteSeries(trx, userId, changes.deletes);
  for (const u of changes.updates) await updateSeries(trx, userId, u.id, u.fields);
  for (const fields of changes.inserts) await insertSeries(trx, userId, fields);
}

const sameForDetection = (a: ReceiptSnapshot, b: ReceiptSnapshot) => a.store === b.store && a.date === b.date && a.amountCents === b.amountCents;

/**
 * Receipt listener: the series of the stores a write touches are found again, each once, in the
 * write's transaction, so they are current when read and reading never detects. An edit that
 * leaves store, date and amount as they were touches none.
 */
export async function detectOnReceipts(trx: Executor, { userId, changes, unlisted }: ReceiptBatch): Promise<void> {
  const listed = changes
    .filter(({ before, after }) => !(before && after && sameForDetection(before, after)))
    .flatMap(({ before, after }) => [before, after].flatMap((r) => (r ? [storeKey(r.store)] : [])));
  const keys = new Set([...listed, ...(unlisted?.stores ?? [])].filter(Boolean));
  for (const key of keys) await redetectStore(trx, userId, key);
}
