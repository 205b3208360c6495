import type { Dashboard } from '../../../shared/dashboard';
import { addMonths, calendarParts, isCalendarDate } from '../../../shared/calendar';
import { formatMoney, formatSignedMoney } from '../../ui/money';

/** Full month names as en-US writes them, written out: no Intl on the first screen (see shared/calendar). */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The full name of the month before `month` ('2026-11' → 'October', '2027-01' → 'December'), or null when it is not 'YYYY-MM'. */
export function previousMonthName(month: string): string | null {
  const first = `${month}-01`;
  if (!isCalendarDate(first)) return null;
  const [, previous] = calendarParts(addMonths(first, -1));
  return MONTH_NAMES[previous - 1];
}

/** 'Carried over from October: +$42.10' (negative when last month was overspent). */
export function carryOverNote(month: string, carryOver: number): string {
  const from = previousMonthName(month);
  return `Carried over from ${from ?? 'last month'}: ${formatSignedMoney(carryOver)}`;
}

/** 'Available this month: $1,042.10': the budget with the carry-over. */
export function availableNote(available: number): string {
  return `Available this month: ${formatMoney(available)}`;
}

/** The lines under the monthly budget: how to set one, or what carried over into this month and what that makes available. */
export function budgetNotes({
  budget,
  rollover,
  carry_over,
  available,
  month,
}: Pick<Dashboard, 'budget' | 'rollover' | 'carry_over' | 'available' | 'month'>): string[] {
  if (budget === null) return ['Use Set Budget to plan your month'];
  const notes: string[] = [];
  if (rollover && carry_over !== null) notes.push(carryOverNote(month, carry_over));
  if (carry_over !== null && available !== null) notes.push(availableNote(available));
  return notes;
}
