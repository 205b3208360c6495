import { RECURRING_STATUSES, type RecurringStatus } from '../../../shared/constants/recurring';
import type { RecurringSeries } from '../../../shared/recurring';

/** The series of each status, in the server's order. */
export function groupByStatus(list: readonly RecurringSeries[]): Record<RecurringStatus, RecurringSeries[]> {
  const groups = Object.fromEntries(RECURRING_STATUSES.map((status) => [status, [] as RecurringSeries[]])) as Record<RecurringStatus, RecurringSeries[]>;
  for (const series of list) groups[series.status]?.push(series);
  return groups;
}
