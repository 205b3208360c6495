import { addMonths, calendarParts, monthContaining } from '../../../shared/calendar';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A month as the spending section asks for it: its first and last day. */
export interface MonthSpan {
  from: string;
  to: string;
}

/** The month containing `day`. */
export const monthOf = (day: string): MonthSpan => monthContaining(day);

/** The month `by` months from `month` (-1: the one before). */
export const monthMoved = (month: MonthSpan, by: number): MonthSpan => monthContaining(addMonths(month.from, by));

/** 'March 2026'. */
export function monthLabel(month: MonthSpan): string {
  const [y, m] = calendarParts(month.from);
  return `${MONTH_NAMES[m - 1]} ${y}`;
}
