import { addDays, addMonths, calendarParts, daysInMonth, type CalendarDate } from '../../../shared/calendar';
import type { RecurringInterval } from '../../../shared/recurring';
import type { FoundSeries } from './detect';
import type { SeriesFields, SeriesRow } from './repository';

/** The day one interval after `date`; a month on keeps the day, or the month's last where it is shorter. */
export function oneIntervalAfter(date: CalendarDate, interval: RecurringInterval): CalendarDate {
  if (interval === 'weekly') return addDays(date, 7);
  const nextMonth = addMonths(date, interval === 'monthly' ? 1 : 12);
  const [y, m] = calendarParts(nextMonth);
  const day = Math.min(calendarParts(date)[2], daysInMonth(y, m));
  return `${nextMonth.slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/** When the bill comes next: detection's date, or one of the person's intervals after the last receipt when they set one. */
function nextDate(found: Pick<FoundSeries, 'next' | 'last'>, editedInterval: RecurringInterval | null): CalendarDate {
  return editedInterval ? oneIntervalAfter(found.last, editedInterval) : found.next;
}

export interface SeriesChanges {
  inserts: SeriesFields[];
  updates: Array<{ id: string; fields: Partial<SeriesFields> }>;
  deletes: string[];
}

const detected = (f: FoundSeries, editedInterval: RecurringInterval | null) => ({
  store: f.store,
  interval: f.interval,
  amount_cents: f.amountCents,
  receipt_ids: f.receiptIds,
  first_date: f.first,
  last_date: f.last,
  next_date: nextDate(f, editedInterval),
});

/**
 * How one store's stored series follow a new detection. A found series continues the stored one
 * it shares the most receipts with, which keeps the person's verdict and edits (a dismissed bill
 * stays dismissed as it grows). A stored series nothing continues is dropped when nobody has
 * looked at it; one the person confirmed or dismissed is kept with the receipts it still has.
 */
export function reconcile(storeKey: string, stored: readonly SeriesRow[], found: readonly FoundSeries[], liveReceiptIds: ReadonlySet<string>): SeriesChanges {
  const changes: SeriesChanges = { inserts: [], updates: [], deletes: [] };
  const continued = new Set<string>();
  for (const f of found) {
    const ids = new Set(f.receiptIds);
    let best: { row: SeriesRow; shared: number } | null = null;
    for (const row of stored) {
      if (continued.has(row.id)) continue;
      const shared = row.receipt_ids.filter((id) => ids.has(id)).length;
      if (shared > 0 && (!best || shared > best.shared)) best = { row, shared };
    }
    if (best) {
      continued.add(best.row.id);
      changes.updates.push({ id: best.row.id, fields: detected(f, best.row.edited_interval) });
    } else {
      changes.inserts.push({ store_key: storeKey, status: 'found', edited_interval: null, edited_amount_cents: null, ...detected(f, null) });
    }
  }
  for (const row of stored) {
    if (continued.has(row.id)) continue;
    const kept = row.receipt_ids.filter((id) => liveReceiptIds.has(id));
    if (row.status === 'found' || kept.length === 0) changes.deletes.push(row.id);
    else if (kept.length !== row.receipt_ids.length) changes.updates.push({ id: row.id, fields: { receipt_ids: kept } });
  }
  return changes;
}
