import type { Forecast } from '../../../shared/dashboard';
import { formatMoney, formatWholeMoney } from '../../ui/money';
import { formatMonthDay } from '../../ui/dates';

/** 'At this pace: about $1,240 by Nov 30' (an estimate: whole dollars). */
export function forecastSentence(forecast: Pick<Forecast, 'amount' | 'month_end'>): string {
  return `At this pace: about ${formatWholeMoney(forecast.amount)} by ${formatMonthDay(forecast.month_end)}`;
}

/** 'Includes 2 bills still to come: $30.98', or null when no bill is still to come. */
export function billsSentence(forecast: Pick<Forecast, 'bills' | 'bills_to_come'>): string | null {
  const count = forecast.bills.length;
  if (count === 0) return null;
  return `Includes ${count} ${count === 1 ? 'bill' : 'bills'} still to come: ${formatMoney(forecast.bills_to_come)}`;
}

/** How far the forecast goes past what is available this month, or null when it stays within it (or there is no budget). */
export function forecastOverBy(forecast: Pick<Forecast, 'amount'>, available: number | null): number | null {
  if (available === null) return null;
  // In cents, so a forecast equal to the budget is not over it by a float's rounding.
  const over = Math.round(forecast.amount * 100) - Math.round(available * 100);
  return over > 0 ? over / 100 : null;
}

/** 'Forecast is $120 over your budget'; never '$0' when it is over by less than a dollar. */
export function forecastWarning(overBy: number): string {
  return `Forecast is ${formatWholeMoney(Math.max(1, overBy))} over your budget`;
}
