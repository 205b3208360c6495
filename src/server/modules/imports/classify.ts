import { addDays } from '../../../shared/calendar';
import type { ImportRowStatus } from '../../../shared/imports';
import type { Executor } from '../../db/schema';
import { EARLIEST_RECEIPT_DATE, latestReceiptDate } from '../receipts/service';
import { importedFingerprints, receiptsToMatch, type ReceiptToMatch } from './repository';
import { matchRows, MATCH_DAYS } from './matching';
import type { ImportRow } from './rows';

export interface ClassifiedRow {
  row: ImportRow;
  status: ImportRowStatus;
  /** The saved receipt it is (status 'matches'). */
  match: ReceiptToMatch | null;
}

/**
 * For each row, the receipt it is, or null. Only a receipt of the same currency and amount can
 * be a row, so each group of one currency and amount is matched apart: 50,000 rows against a
 * month of receipts stay cheap.
 */
export function matchByAmount(rows: readonly ImportRow[], receipts: readonly ReceiptToMatch[]): (ReceiptToMatch | null)[] {
  const receiptsByKey = groupBy(receipts, (r) => `${r.currency} ${r.printed_minor}`);
  const rowsByKey = groupBy(
    rows.map((row, index) => ({ row, index })),
    ({ row }) => `${row.currency} ${row.amount}`,
  );
  const matched: (ReceiptToMatch | null)[] = rows.map(() => null);
  for (const [key, group] of rowsByKey) {
    const candidates = receiptsByKey.get(key);
    if (!candidates) continue;
    const byId = new Map(candidates.map((r) => [r.id, r]));
    const ids = matchRows(
      group.map((g) => g.row),
      candidates.map((r) => ({ id: r.id, date: r.date, amount: r.printed_minor, store: r.store })),
    );
    ids.forEach((id, j) => {
      if (id) matched[group[j].index] = byId.get(id)!;
    });
  }
  return matched;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * Each row's status: already imported (its fingerprint recorded), a saved receipt it matches,
 * or new. Two queries per chunk of rows: the fingerprints, and the receipts of the rows' dates
 * give or take MATCH_DAYS (within the dates a receipt may have, which the rows' are), but those
 * in `taken` (matched by an earlier chunk of the file), which this adds the chunk's matches to.
 */
export async function classifyRows(db: Executor, userId: string, rows: readonly ImportRow[], taken: Set<string>, now: Date): Promise<ClassifiedRow[]> {
  const imported = await importedFingerprints(
    db,
    userId,
    rows.map((r) => r.fingerprint),
  );
  const open = rows.filter((r) => !imported.has(r.fingerprint));
  let matches = new Map<ImportRow, ReceiptToMatch>();
  if (open.length) {
    const dates = open.map((r) => r.date).sort();
    const from = addDays(dates[0], -MATCH_DAYS);
    const to = addDays(dates[dates.length - 1], MATCH_DAYS);
    const latest = latestReceiptDate(now);
    const receipts = await receiptsToMatch(db, userId, from < EARLIEST_RECEIPT_DATE ? EARLIEST_RECEIPT_DATE : from, to > latest ? latest : to);
    const found = matchByAmount(
      open,
      receipts.filter((r) => !taken.has(r.id)),
    );
    for (const r of found) if (r) taken.add(r.id);
    matches = new Map(open.flatMap((row, i) => (found[i] ? [[row, found[i]] as const] : [])));
  }
  return rows.map((row) => {
    if (imported.has(row.fingerprint)) return { row, status: 'already_imported', match: null };
    const match = matches.get(row) ?? null;
    return { row, status: match ? 'matches' : 'new', match };
  });
}
