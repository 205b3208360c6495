import type { Forecast } from '../../../shared/dashboard';
import { formatMoney, formatWholeMoney } from '../../ui/money';
import { formatMonthDay } from '../../ui/dates';
import { FORECAST_MIN_DAYS } from '../../../shared/constants/dashboard';

/**
 * 'At this pace: about $1,240 by Nov 30' (an estimate: whole dollars), or, before the month's
 * pace means anything, when the forecast starts: 'Too early for a forecast: it starts on Dec 7,
 * when a week of spending shows the pace'.
 */
export function forecastSentence(forecast: Pick<Forecast, 'amount' | 'month_end'>): string {
  if (forecast.amount === null) {
    const starts = `${forecast.month_end.slice(0, 8)}${String(FORECAST_MIN_DAYS).padStart(2, '0')}`;
    return `Too early for a forecast: it starts on ${formatMonthDay(starts)}, when a week of spending shows the pace`;
  }
  return `At this pace: about ${formatWholeMoney(forecast.amount)} by ${formatMonthDay(forecast.month_end)}`;
}

/**
 * 'Includes 2 bills still to come: $30.98' ('2 bills still to come: …' while there is no
 * forecast to include them), or null when no bill is still to come.
 */
export function billsSentence(forecast: Pick<Forecast, 'amount' | 'bills' | 'bills_to_come'>): string | null {
  const count = forecast.bills.length;
  if (count === 0) return null;
  const bills = `${count} ${count === 1 ? 'bill' : 'bills'} still to come: ${formatMoney(forecast.bills_to_come)}`;
  return forecast.amount === null ? bills : `Includes ${bills}`;
}

/** How far the forecast goes past what is available this month, or null when it stays within it (or there is no budget or no forecast yet). */
export function forecastOverBy(forecast: Pick<Forecast, 'amount'>, available: number | null): number | null {
  if (available === null || forecast.amount === null) return null;
  // In cents, so a forecast equal to the budget is not over it by a float's rounding.
  const over = Math.round(forecast.amount * 100) - Math.round(available * 100);
  return over > 0 ? over / 100 : null;
}

/** 'Forecast is $120 over your budget'; never '$0' when it is over by less than a dollar. */
export function forecastWarning(overBy: number): string {
  return `Forecast is ${formatWholeMoney(Math.max(1, overBy))} over your budget`;
}
