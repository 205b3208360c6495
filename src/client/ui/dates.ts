import { MONTH_ABBREVIATIONS, isCalendarDate, utcOffsetZone } from '../../shared/calendar';

export { isCalendarDate };

/**
 * A receipt's calendar date for people: '2025-01-05' → 'Jan 5, 2025'. Read as a calendar day,
 * never shifted by the viewer's time zone. Anything else is shown as it came.
 */
export function formatDate(text: string): string {
  const parts = dateParts(text);
  // en-US 'MMM d, yyyy' written out: no Intl on the first screen (see shared/calendar).
  return parts ? `${MONTH_ABBREVIATIONS[parts.m - 1]} ${parts.d}, ${parts.y}` : text;
}

/** A day of the current month or one near it, without its year: '2026-11-30' → 'Nov 30'. Anything else as it came. */
export function formatMonthDay(text: string): string {
  const parts = dateParts(text);
  return parts ? `${MONTH_ABBREVIATIONS[parts.m - 1]} ${parts.d}` : text;
}

/** Year, month (1–12) and day of the calendar day a text starts with, or null when it starts with none. */
function dateParts(text: string): { y: number; m: number; d: number } | null {
  const day = text.slice(0, 10);
  if (!isCalendarDate(day)) return null;
  const [y, m, d] = day.split('-').map(Number);
  return { y, m, d };
}

/** Today in the viewer's calendar as 'YYYY-MM-DD' (the default date of a new receipt). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The viewer's named zone ('Europe/Berlin'), kept in their settings so notifications count "this
 * month" and the forecast's day as this device does, across daylight-saving changes; null when
 * the browser does not say.
 */
export function browserTimeZone(): string | null {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
}

/**
 * The viewer's zone for the API's "today" and "this month", as their current UTC offset
 * ('+05:30'): the same calendar day their named zone gives now, without loading Intl.
 */
export function userTimeZone(now: Date = new Date()): string {
  return utcOffsetZone(now);
}

/** A moment in the viewer's time zone, for people: 'Dec 3, 2026, 2:05 PM' (written out, like formatDate). */
export function formatDateTime(ms: number): string {
  const t = new Date(ms);
  const hours = t.getHours() % 12 || 12;
  const minutes = String(t.getMinutes()).padStart(2, '0');
  return `${MONTH_ABBREVIATIONS[t.getMonth()]} ${t.getDate()}, ${t.getFullYear()}, ${hours}:${minutes} ${t.getHours() < 12 ? 'AM' : 'PM'}`;
}
