import { addDays, type CalendarDate } from '../../../shared/calendar';
import { FORECAST_MIN_DAYS } from '../../../shared/constants/dashboard';

/** Pace and month-end forecast as pure functions of cents and days. */

export interface PaceFigures {
  expectedCents: number;
  /** expected − spent: positive is ahead of pace. */
  differenceCents: number;
}

/** Spent so far against a straight line from nothing on the 1st to `availableCents` on the last day. */
export function pace(spentCents: number, availableCents: number, day: number, daysInMonth: number): PaceFigures {
  const expectedCents = Math.round((availableCents * day) / daysInMonth);
  return { expectedCents, differenceCents: expectedCents - spentCents };
}

/**
 * Days of earlier months' day-to-day spending the rate is blended with: early in a month a few
 * receipts say little about the rest of it, and by its end this month's own pace dominates.
 */
export const PRIOR_WEIGHT_DAYS = 7;

export interface ForecastInput {
  spentCents: number;
  /** This month's spending on confirmed recurring bills (not a pace: they come once). */
  billsSpentCents: number;
  day: number;
  daysInMonth: number;
  /** Day-to-day spending per day in earlier months (bills left out), or null with no history. */
  priorDailyCents: number | null;
  billsToComeCents: number;
}

/**
 * Whether the month's pace rests on evidence: a week of this month, or earlier months that
 * steady it. Before that there is no forecast to show or to warn by (spending and the confirmed
 * bills to come are still known).
 */
export function forecastIsReady(f: Pick<ForecastInput, 'day' | 'priorDailyCents'>): boolean {
  return f.priorDailyCents !== null || f.day >= FORECAST_MIN_DAYS;
}

/** Month-end spending: what is spent, the day-to-day rate over the days left, and the bills still to come. */
export function monthEndForecast(f: ForecastInput): number {
  const variable = f.spentCents - f.billsSpentCents;
  const prior = f.priorDailyCents === null ? 0 : PRIOR_WEIGHT_DAYS;
  const rate = Math.max(0, (variable + (f.priorDailyCents ?? 0) * prior) / (f.day + prior));
  return Math.round(f.spentCents + rate * (f.daysInMonth - f.day) + f.billsToComeCents);
}

/** The days a bill comes in (after, until], stepping from `next` by `step` (one interval on). */
export function billDaysBetween(next: CalendarDate, step: (d: CalendarDate) => CalendarDate, after: CalendarDate, until: CalendarDate): CalendarDate[] {
  const days: CalendarDate[] = [];
  let d = next;
  // A bill whose date passed without its receipt is taken to come one interval on.
  for (let guard = 0; d <= after && guard < 1000; guard++) d = step(d);
  while (d <= until) {
    days.push(d);
    d = step(d);
  }
  return days;
}

/** Cumulative spending per day from the 1st to `day`, from per-day sums (absent days spent nothing). */
export function cumulativeByDay(monthStart: CalendarDate, day: number, perDay: ReadonlyMap<CalendarDate, number>): number[] {
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < day; i++) {
    sum += perDay.get(addDays(monthStart, i)) ?? 0;
    out.push(sum);
  }
  return out;
}
