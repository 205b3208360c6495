import { badRequest } from './errors';
import { isTimeZone, monthContaining, todayIn, type CalendarDate, type DateSpan } from '../shared/calendar';

/**
 * "Today" and "this month" for a request's optional `tz` query (default UTC): the one place
 * dashboard, categories and analytics turn a zone into calendar dates, with one error message.
 */
export function checkTimeZone(tz: string | undefined): string {
  const zone = tz?.trim() || 'UTC';
  if (!isTimeZone(zone)) throw badRequest(`Unknown time zone: ${zone} (use an IANA name such as Europe/Berlin or a UTC offset such as +05:30)`);
  return zone;
}

export function requestToday(tz: string | undefined, now: Date): CalendarDate {
  return todayIn(checkTimeZone(tz), now);
}

export function requestMonth(tz: string | undefined, now: Date): DateSpan {
  return monthContaining(requestToday(tz, now));
}
