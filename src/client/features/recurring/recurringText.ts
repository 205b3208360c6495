import type { RecurringInterval } from '../../../shared/constants/recurring';
import type { RecurringSeries } from '../../../shared/recurring';
import { formatDate, formatMonthDay, todayIso } from '../../ui/dates';
import { formatMoney } from '../../ui/money';

const EVERY: Record<RecurringInterval, string> = { weekly: 'every week', monthly: 'every month', yearly: 'every year' };

/** '$15.49 every month'. */
export function amountEvery(amount: number, interval: RecurringInterval): string {
  return `${formatMoney(amount)} ${EVERY[interval]}`;
}

/** A due date as 'Dec 3', with its year when that is not the viewer's current one ('Jan 4, 2027'). */
export function dueDateText(iso: string, today: string = todayIso()): string {
  return iso.slice(0, 4) === today.slice(0, 4) ? formatMonthDay(iso) : formatDate(iso);
}

/** 'About $15.49 every month, next around Dec 3': "about" and "around" as detection allows a few days and cents either side. */
export function seriesSentence(series: Pick<RecurringSeries, 'amount' | 'interval' | 'next_date'>, today?: string): string {
  return `About ${amountEvery(series.amount, series.interval)}, next around ${dueDateText(series.next_date, today)}`;
}

/** What detection found, beside the person's edit: 'found: $14.99 every month'. */
export function foundText(series: Pick<RecurringSeries, 'found_amount' | 'found_interval'>): string {
  return `found: ${amountEvery(series.found_amount, series.found_interval)}`;
}

/** 'Based on 3 receipts'. */
export function basedOnText(count: number): string {
  return `Based on ${count} ${count === 1 ? 'receipt' : 'receipts'}`;
}
