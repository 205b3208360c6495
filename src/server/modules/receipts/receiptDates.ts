import { badRequest } from '../../errors';
import { addDays, addYears, parseCalendarDate, todayIn, type CalendarDate } from '../../../shared/calendar';
import { WARRANTY_MAX_YEARS } from '../../../shared/constants/warranties';

/** The dates a receipt carries, and the one range every way a receipt comes in keeps to. */

export const EARLIEST_RECEIPT_DATE = '1970-01-01';

const ISO_DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The calendar date a receipt was written on. A date-time (from the scan screen) keeps the
 * date as written, without shifting it to another zone.
 */
export function parseReceiptDate(text: string, field: string, now: Date): CalendarDate {
  const date = readCalendarDate(text, field);
  const refused = receiptDateRefusal(date, field, now);
  if (refused) throw badRequest(refused);
  return date;
}

/** A calendar date as sent ('YYYY-MM-DD', or an ISO date-time whose date is kept as written); a 400 in words when it is none. */
export function readCalendarDate(text: string, field: string): CalendarDate {
  const m = ISO_DATE_TIME_RE.exec(text.trim());
  if (!m) throw badRequest(`${field} must be a date written YYYY-MM-DD, such as 2026-03-14`);
  const date = parseCalendarDate(m[1]);
  if (!date) throw badRequest(`${field} is not a real calendar date: ${m[1]}`);
  return date;
}

/** The latest date a receipt may carry: a year ahead of the API's day, for bills written in advance. */
export function latestReceiptDate(now: Date): CalendarDate {
  return addDays(todayIn('UTC', now), 366);
}

/**
 * Why a receipt may not carry this date, or null when it may. Every way a receipt comes in
 * (form, scan, draft, statement, restore) asks this one question, so all refuse alike.
 */
export function receiptDateRefusal(date: CalendarDate, field: string, now: Date): string | null {
  const latest = latestReceiptDate(now);
  return date < EARLIEST_RECEIPT_DATE || date > latest ? `${field} must be between ${EARLIEST_RECEIPT_DATE} and ${latest}` : null;
}

/** A receipt's (or an item's) return window and warranty, checked; null: none. */
export interface Deadlines {
  returnBy: CalendarDate | null;
  warrantyUntil: CalendarDate | null;
}

/** The latest warranty end: WARRANTY_MAX_YEARS after the API's day. */
export function latestWarrantyDate(now: Date): CalendarDate {
  return addYears(todayIn('UTC', now), WARRANTY_MAX_YEARS);
}

/**
 * A return-by or warranty date as sent (undefined and null pass through): after the receipt's
 * date; a return window within the receipt date range, a warranty at most WARRANTY_MAX_YEARS ahead.
 */
function deadlineOf(
  text: string | null | undefined,
  field: string,
  receiptDate: CalendarDate,
  latest: { date: CalendarDate; why: string },
): CalendarDate | null | undefined {
  if (text === undefined || text === null) return text;
  const date = readCalendarDate(text, field);
  if (date <= receiptDate) throw badRequest(`${field} must be after the receipt's date (${receiptDate})`);
  if (date > latest.date) throw badRequest(`${field} must be on or before ${latest.date}${latest.why}`);
  return date;
}

/** The return_by and warranty_until of a receipt or an item (`prefix` names the item in errors), each left undefined when not sent. */
export function deadlinesOf(
  sent: { return_by?: string | null; warranty_until?: string | null },
  prefix: string,
  receiptDate: CalendarDate,
  now: Date,
): Partial<Deadlines> {
  const returnBy = deadlineOf(sent.return_by, `${prefix}return_by`, receiptDate, {
    date: latestReceiptDate(now),
    why: ', the latest date a receipt may carry',
  });
  const warranty = { date: latestWarrantyDate(now), why: ` (at most ${WARRANTY_MAX_YEARS} years ahead)` };
  const warrantyUntil = deadlineOf(sent.warranty_until, `${prefix}warranty_until`, receiptDate, warranty);
  return { ...(returnBy !== undefined && { returnBy }), ...(warrantyUntil !== undefined && { warrantyUntil }) };
}
