import type { CurrencyRateList } from '../../../shared/currencyRates';
import { isCurrencyCode } from '../../../shared/currency';
import { isCalendarDate, todayIso } from '../../ui/dates';
import { rateInputError, rateInputText } from '../../ui/amountInput';

/** One row of the rates table as typed; the rate stays text until saved. */
export interface RateRow {
  /** Stable React key (rows are added and removed). */
  key: string;
  currency: string;
  rate: string;
  valid_from: string;
}

export type RateRowErrors = Partial<Record<'currency' | 'rate' | 'valid_from', string>>;
/** Errors by row key; empty when every row is fine. */
export type RateTableErrors = Record<string, RateRowErrors>;

let nextKey = 1;
export function newRateRow(today = todayIso()): RateRow {
  return { key: `rate-${nextKey++}`, currency: '', rate: '', valid_from: today };
}

export function rateRows(list: CurrencyRateList): RateRow[] {
  return list.map((r) => ({ ...newRateRow(), currency: r.currency, rate: rateInputText(r.rate), valid_from: r.valid_from }));
}

/**
 * The server's rules, checked before sending so each message sits beside its field: a currency
 * Tally knows other than the home one, a positive rate, a calendar date, and one rate per
 * currency and day.
 */
export function validateRateRows(rows: readonly RateRow[], home: string): RateTableErrors {
  const errors: RateTableErrors = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const e: RateRowErrors = {};
    if (!row.currency) e.currency = 'Choose a currency';
    else if (!isCurrencyCode(row.currency)) e.currency = `${row.currency} is not a currency code Tally knows`;
    else if (row.currency === home) e.currency = `${home} is your home currency: it needs no rate`;
    if (!row.rate.trim()) e.rate = 'Rate is required';
    else {
      const rateError = rateInputError(row.rate);
      if (rateError) e.rate = rateError;
    }
    if (!isCalendarDate(row.valid_from.trim())) e.valid_from = 'Enter a valid date';
    const day = `${row.currency} ${row.valid_from.trim()}`;
    if (!e.currency && !e.valid_from && seen.has(day)) e.valid_from = `Another row has ${row.currency} from this day: keep one`;
    seen.add(day);
    if (Object.keys(e).length > 0) errors[row.key] = e;
  }
  return errors;
}

/** The body of PUT /api/currency-rates. */
export function toRateList(rows: readonly RateRow[]): CurrencyRateList {
  return rows.map((r) => ({ currency: r.currency, rate: Number(r.rate.trim()), valid_from: r.valid_from.trim() }));
}
