import { addMonths, type CalendarDate } from '../../../shared/calendar';

/**
 * Rollover as pure functions of budgets and spending, in integer cents. Months are their first
 * day ('YYYY-MM-01').
 */

/** A budget in force from `month` on (category or monthly budget). */
export interface BudgetFrom {
  month: CalendarDate;
  cents: number | null;
}

/**
 * The budget a month had: the latest one in force by then. A month before the first budget was
 * set had none, so it carries nothing: a budget set today never inherits what was spent before.
 */
export function budgetInMonth(history: readonly BudgetFrom[], month: CalendarDate): number | null {
  let found: number | null = null;
  for (const h of history) if (h.month <= month) found = h.cents;
  return found;
}

/** The month whose leftover first carries when rollover is turned on in `month`: the one before, so it shows at once. */
export const rolloverStart = (month: CalendarDate): CalendarDate => addMonths(month, -1);

/**
 * What carries into `month`: the sum, over the months from `from` to the one before `month`, of
 * that month's budget less its spending. A month without a budget carries nothing.
 */
export function carryOverInto(
  month: CalendarDate,
  from: CalendarDate | null,
  history: readonly BudgetFrom[],
  spentIn: (month: CalendarDate) => number,
): number {
  let carry = 0;
  if (!from) return carry;
  for (let m = from; m < month; m = addMonths(m, 1)) {
    const budget = budgetInMonth(history, m);
    if (budget !== null) carry += budget - spentIn(m);
  }
  return carry;
}
