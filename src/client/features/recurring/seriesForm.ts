import { RECURRING_INTERVALS, type RecurringInterval } from '../../../shared/constants/recurring';
import type { RecurringSeries, RecurringUpdate } from '../../../shared/recurring';
import { amountInputError, amountInputValue } from '../../ui/amountInput';
import { formatMoney, moneyInputText } from '../../ui/money';

export interface SeriesFormValues {
  /** As typed. */
  amount: string;
  interval: RecurringInterval;
}

export type SeriesFormErrors = Partial<Record<keyof SeriesFormValues, string>>;

const INTERVAL_LABELS: Record<RecurringInterval, string> = { weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' };
export const INTERVAL_OPTIONS = RECURRING_INTERVALS.map((value) => ({ value, label: INTERVAL_LABELS[value] }));

export function seriesFormValues(series: Pick<RecurringSeries, 'amount' | 'interval'>): SeriesFormValues {
  return { amount: moneyInputText(series.amount), interval: series.interval };
}

/** The contract's rule: an amount above 0, two decimals at most, at most MAX_AMOUNT (read like every money field). */
export function validateSeriesForm(values: SeriesFormValues): SeriesFormErrors {
  if (!values.amount.trim()) return { amount: 'Amount is required' };
  // Negatives pass the format here so that they get the same message as 0.
  const error = amountInputError(values.amount, { label: 'Amount', allowNegative: true });
  if (error) return { amount: error };
  return amountInputValue(values.amount) > 0 ? {} : { amount: `Amount must be more than ${formatMoney(0)}` };
}

/** Only what the person changed (the server keeps what is not sent); empty when nothing changed. */
export function seriesChanges(series: Pick<RecurringSeries, 'amount' | 'interval'>, values: SeriesFormValues): RecurringUpdate {
  const amount = amountInputValue(values.amount);
  return { ...(amount !== series.amount && { amount }), ...(values.interval !== series.interval && { interval: values.interval }) };
}
