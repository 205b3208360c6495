import { MONTH_ABBREVIATIONS, isCalendarDate, utcOffsetZone } from '../../shared/calendar';

export { isCalendarDate };

/**
 * A receipt's calendar date for people: '2025-01-05' → 'Jan 5, 2025'. Read as a calendar day,
 * never shifted by the viewer's time zone. Anything else is shown as it came.
 */
export function formatDate(text: string): string {
  const day = text.slice(0, 10);
  if (!isCalendarDate(day)) return text;
  const [y, m, d] = day.split('-').map(Number);
  // en-US 'MMM d, yyyy' written out: no Intl on the first screen (see shared/calendar).
  return `${MONTH_ABBREVIATIONS[m - 1]} ${d}, ${y}`;
}

/** Today in the viewer's calendar as 'YYYY-MM-DD' (the default date of a new receipt). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The viewer's zone for the API's "today" and "this month", as their current UTC offset
 * ('+05:30'): the same calendar day their named zone gives now, without loading Intl.
 */
export function userTimeZone(now: Date = new Date()): string {
  return utcOffsetZone(now);
}
