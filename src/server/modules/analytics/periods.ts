import { PERIODS_PER_RANGE, type AnalyticsRange } from '../../../shared/analytics';
import { MONTH_ABBREVIATIONS as MONTHS, utcOffsetMinutes } from '../../../shared/calendar';

/**
 * Calendar arithmetic on 'YYYY-MM-DD' strings, free of I/O and of the process time zone.
 * Receipts carry calendar dates, so once "today" is known in the user's zone every period
 * boundary is a plain calendar date: DST never shifts a bucket.
 */
export type CalendarDate = string;

/** An inclusive span of calendar days with its chart label. */
export interface Period {
  label: string;
  from: CalendarDate;
  to: CalendarDate;
}

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

// ---------- time zones ----------

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter for the zone, or null when the zone is unknown. Only valid zones are cached. */
function formatterFor(tz: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(tz);
  if (cached) return cached;
  let f: Intl.DateTimeFormat;
  try {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    return null;
  }
  if (formatters.size < 1000) formatters.set(tz, f);
  return f;
}

/** An IANA name ('Europe/Berlin') or a UTC offset ('+05:30'), which this Node's Intl does not read yet. */
export function isTimeZone(tz: string): boolean {
  return utcOffsetMinutes(tz) !== null || formatterFor(tz) !== null;
}

/** The calendar date it is at `now` in the zone. Throws on an unknown zone (check isTimeZone first). */
export function todayIn(tz: string, now: Date = new Date()): CalendarDate {
  const offset = utcOffsetMinutes(tz);
  if (offset !== null) return new Date(now.getTime() + offset * 60_000).toISOString().slice(0, 10);
  const f = formatterFor(tz);
  if (!f) throw new RangeError(`Unknown time zone: ${tz}`);
  const parts = Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

// ---------- dates ----------

/** The date if `text` is a real calendar day written 'YYYY-MM-DD' ('2026-02-30' is not), else null. */
export function parseCalendarDate(text: string): CalendarDate | null {
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return text;
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, month1: number): number {
  return [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month1 - 1];
}

function toUtc(date: CalendarDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(d: Date): CalendarDate {
  return d.toISOString().slice(0, 10);
}

function ymd(date: CalendarDate): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtc(new Date(toUtc(date).getTime() + days * DAY_MS));
}

/** Monday of the date's week. */
export function startOfWeek(date: CalendarDate): CalendarDate {
  const weekday = toUtc(date).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

export function startOfMonth(date: CalendarDate): CalendarDate {
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: CalendarDate): CalendarDate {
  const [y, m] = ymd(date);
  return `${date.slice(0, 7)}-${pad(daysInMonth(y, m))}`;
}

/** The first day of the month `months` after the date's month (negative goes back). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [y, m] = ymd(date);
  const index = y * 12 + (m - 1) + months;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}-01`;
}

export function startOfYear(date: CalendarDate): CalendarDate {
  return `${date.slice(0, 4)}-01-01`;
}

// ---------- periods ----------

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

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / DAY_MS);
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

/** The calendar month containing today in the zone: "this month" of the dashboard and categories. */
export function currentMonth(tz: string, now: Date = new Date()): Period {
  return periodOf('monthly', todayIn(tz, now));
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
