const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** True for a real calendar date 'YYYY-MM-DD' (not '2026-02-30'). */
export function isCalendarDate(text: string): boolean {
  const m = CALENDAR_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * A receipt's calendar date for people: '2025-01-05' → 'Jan 5, 2025'. Read as a calendar day,
 * never shifted by the viewer's time zone. Anything else is shown as it came.
 */
export function formatDate(text: string): string {
  const day = text.slice(0, 10);
  if (!isCalendarDate(day)) return text;
  const [y, m, d] = day.split('-').map(Number);
  return dayFormat.format(new Date(Date.UTC(y, m - 1, d)));
}

/** Today in the viewer's calendar as 'YYYY-MM-DD' (the default date of a new receipt). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The viewer's IANA time zone: the API's "this month" figures follow the viewer's calendar. */
export function userTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
