import { amountInputError, amountInputValue } from '../../ui/amountInput';

const RULES = { label: 'Budget' };
export const BUDGET_REQUIRED = 'Please enter the budget amount (for example 1,500 or 1500.50).';

/** The prompt's text as a budget amount, or the message that says why it is not one. */
export function parseBudgetInput(text: string): { amount: number } | { error: string } {
  if (!text.trim()) return { error: BUDGET_REQUIRED };
  const error = amountInputError(text, RULES);
  return error ? { error } : { amount: amountInputValue(text) };
}
