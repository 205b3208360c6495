import { PERIODS_PER_RANGE, type AnalyticsRange } from '../../../shared/analytics';
import {
  MONTH_ABBREVIATIONS as MONTHS,
  addDays,
  addMonths,
  calendarParts as ymd,
  daysBetween,
  endOfMonth,
  startOfWeek,
  type CalendarDate,
  type DateSpan,
} from '../../../shared/calendar';

/**
 * The periods of the analytics ranges (week, month, year) over the calendar of shared/calendar.
 */

/** An inclusive span of calendar days with its chart label. */
export interface Period extends DateSpan {
  label: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function weekPeriod(monday: CalendarDate): Period {
  const [, m, d] = ymd(monday);
  return { label: `${MONTHS[m - 1]} ${d}`, from: monday, to: addDays(monday, 6) };
}

function monthPeriod(first: CalendarDate): Period {
  const [y, m] = ymd(first);
  return { label: `${MONTHS[m - 1]} ${y}`, from: first, to: endOfMonth(first) };
}

function yearPeriod(year: number): Period {
  return { label: String(year), from: `${pad(year, 4)}-01-01`, to: `${pad(year, 4)}-12-31` };
}

/**
 * The previous period cut to as many days as the current one has had up to `today`: this week
 * so far against the same days of last week (a month's end is the shorter month's end).
 */
export function sameDaysOfPrevious(range: AnalyticsRange, today: CalendarDate): Period {
  const previous = periodOf(range, today, -1);
  const end = addDays(previous.from, daysBetween(periodOf(range, today).from, today));
  return { ...previous, to: end < previous.to ? end : previous.to };
}

/** How many calendar days the span holds, both ends included. */
export function dayCount(span: DateSpan): number {
  return daysBetween(span.from, span.to) + 1;
}

/** The period of the range that contains `today`, shifted by `offset` periods (-1 = the previous one). */
export function periodOf(range: AnalyticsRange, today: CalendarDate, offset = 0): Period {
  switch (range) {
    case 'weekly':
      return weekPeriod(addDays(startOfWeek(today), offset * 7));
    case 'monthly':
      return monthPeriod(addMonths(today, offset));
    case 'yearly':
      return yearPeriod(ymd(today)[0] + offset);
  }
}

/** The range's periods ending with the one containing `today`, oldest first. */
export function periodsOf(range: AnalyticsRange, today: CalendarDate): Period[] {
  const n = PERIODS_PER_RANGE[range];
  return Array.from({ length: n }, (_, i) => periodOf(range, today, i - (n - 1)));
}

/** True when the span starts on a first and ends on a last day of a month (monthly totals suffice). */
export function isWholeMonths(span: { from: CalendarDate; to: CalendarDate }): boolean {
  return span.from.endsWith('-01') && span.to === endOfMonth(span.to);
}

/** Sums dated amounts into the periods (sorted, non-overlapping); amounts outside them are ignored. */
export function sumIntoPeriods(periods: Period[], rows: ReadonlyArray<{ day: CalendarDate; cents: number }>): number[] {
  const sums = periods.map(() => 0);
  for (const row of rows) {
    const i = periods.findIndex((p) => p.from <= row.day && row.day <= p.to);
    if (i >= 0) sums[i] += row.cents;
  }
  return sums;
}
