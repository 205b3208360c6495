/** Spending at or above this share of a budget is a warning. */
export const WARNING_PERCENT = 80;

export type BudgetLevel = 'none' | 'warning' | 'exceeded';

/**
 * Where spending stands against a budget, in integer cents: reaching exactly 100% is a warning,
 * going over is exceeded. The same rule drives the progress bars and the notifications.
 */
export function budgetLevel(spentCents: number, budgetCents: number | null): BudgetLevel {
  if (budgetCents === null) return 'none';
  if (spentCents > budgetCents && spentCents > 0) return 'exceeded';
  if (budgetCents > 0 && spentCents * 100 >= budgetCents * WARNING_PERCENT) return 'warning';
  return 'none';
}
