/**
 * Calendar words and time-zone offsets both sides agree on, without `Intl`: in the browser the
 * first `Intl` call loads ICU's data (some 30 ms on a fast desktop, four times that on a phone),
 * which the first screen need not pay for fixed English month names and an offset.
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
