import { isMoneyInput } from '../../../shared/money';

export const BUDGET_INPUT_ERROR = 'Please enter a number of 0 or more, with at most two decimals (for example 1500 or 1500.50).';

/** The prompt's text as a budget amount, or the message that says why it is not one. */
export function parseBudgetInput(text: string): { amount: number } | { error: string } {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!isMoneyInput(cleaned)) return { error: BUDGET_INPUT_ERROR };
  return { amount: Number(cleaned) };
}
