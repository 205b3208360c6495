/**
 * Calendar dates both sides agree on: month words, time-zone offsets and arithmetic on
 * 'YYYY-MM-DD' strings. Nothing here calls `Intl` except `todayIn`/`isTimeZone` for a named
 * zone: in the browser the first `Intl` call loads ICU's data, a noticeable pause on a slow phone,
 * which the first screen need not pay for fixed English month
 * names and an offset.
 */

/** Month abbreviations as en-US writes them: 'Jan' … 'Dec'. */
export const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A UTC offset written as a time zone, '+05:30' or '-08:00' (ECMA-402's offset time zone syntax). */
const UTC_OFFSET = /^([+-])(\d{2}):(\d{2})$/;
/** Real offsets run from UTC-12:00 to UTC+14:00. */
const MIN_OFFSET_MINUTES = -12 * 60;
const MAX_OFFSET_MINUTES = 14 * 60;

/** The offset zone's minutes east of UTC ('+05:30' → 330), or null when `zone` is not one. */
export function utcOffsetMinutes(zone: string): number | null {
  const m = UTC_OFFSET.exec(zone);
  if (!m) return null;
  const [hours, minutes] = [Number(m[2]), Number(m[3])];
  if (minutes > 59) return null;
  const total = (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
  return total >= MIN_OFFSET_MINUTES && total <= MAX_OFFSET_MINUTES ? total : null;
}

/**
 * The viewer's offset from UTC at `now` as an offset zone. It decides "today" exactly as the
 * viewer's named zone would at that moment, which is all the API's "this month" figures need.
 */
export function utcOffsetZone(now: Date = new Date()): string {
  const east = -now.getTimezoneOffset();
  const abs = Math.abs(east);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${east < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * Calendar arithmetic on 'YYYY-MM-DD' strings, free of I/O and of the process time zone.
 * Receipts carry calendar dates, so once "today" is known in the user's zone every boundary is
 * a plain calendar date: DST never shifts a day.
 */
export type CalendarDate = string;

/** An inclusive span of calendar days. */
export interface DateSpan {
  from: CalendarDate;
  to: CalendarDate;
}

const DAY_MS = 86_400_000;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

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

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in the month (1 = January), without a Date: recurring-bill detection asks it for every step of every chain. */
export function daysInMonth(y: number, month1: number): number {
  return month1 === 2 && isLeapYear(y) ? 29 : MONTH_DAYS[month1 - 1];
}

/** True when the day exists: month 1–12, day 1 to the month's last. */
export function isRealDay(y: number, month1: number, day: number): boolean {
  return month1 >= 1 && month1 <= 12 && day >= 1 && day <= daysInMonth(y, month1);
}

/** The date if `text` is a real calendar day written 'YYYY-MM-DD' ('2026-02-30' is not), else null. */
export function parseCalendarDate(text: string): CalendarDate | null {
  const m = CALENDAR_DATE.exec(text);
  return m && isRealDay(Number(m[1]), Number(m[2]), Number(m[3])) ? text : null;
}

/** True for a real calendar date 'YYYY-MM-DD' (not '2026-02-30'). */
export function isCalendarDate(text: string): boolean {
  return parseCalendarDate(text) !== null;
}

/** Year, month (1–12) and day of a calendar date. */
export function calendarParts(date: CalendarDate): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function toUtc(date: CalendarDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(d: Date): CalendarDate {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtc(new Date(toUtc(date).getTime() + days * DAY_MS));
}

/** The same day `years` later (a 29 February lands on the 28th in a common year). */
export function addYears(date: CalendarDate, years: number): CalendarDate {
  const [y, m, d] = calendarParts(date);
  return `${pad(y + years, 4)}-${pad(m)}-${pad(Math.min(d, daysInMonth(y + years, m)))}`;
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / DAY_MS);
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
  const [y, m] = calendarParts(date);
  return `${date.slice(0, 7)}-${pad(daysInMonth(y, m))}`;
}

/** The first day of the month `months` after the date's month (negative goes back). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [y, m] = calendarParts(date);
  const index = y * 12 + (m - 1) + months;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}-01`;
}

export function startOfYear(date: CalendarDate): CalendarDate {
  return `${date.slice(0, 4)}-01-01`;
}

/** The calendar month that contains the date. */
export function monthContaining(date: CalendarDate): DateSpan {
  return { from: startOfMonth(date), to: endOfMonth(date) };
}
