import { MAX_AMOUNT, moneyInputProblem, moneyInputValue } from '../../shared/money';
import { formatMoney } from './money';

/**
 * The one reading of a typed-in amount, for every amount field (totals, item prices, tax,
 * budgets): '1,234.56', '1234.56' and '$12' are amounts; at most two decimals; at most
 * MAX_AMOUNT, with a message of its own when above it.
 */

export interface AmountRules {
  /** How the field is named in its messages: 'Amount', 'Price', 'Budget'. */
  label: string;
  /** A leading '-' is allowed (a refund, a discount). */
  allowNegative?: boolean;
}

/** Trimmed, without a leading '$' (the fields show one already, and people type it anyway). */
function normalised(text: string): string {
  return text.trim().replace(/^(-?)\$/, '$1');
}

/** Why a typed-in amount is not one, or undefined when it is (or is empty: whether it may be is the form's rule). */
export function amountInputError(text: string, { label, allowNegative = false }: AmountRules): string | undefined {
  const amount = normalised(text);
  if (!amount) return undefined;
  const problem = moneyInputProblem(amount, { allowNegative, allowGrouping: true });
  if (problem === 'too-large') return `${label} must be at most ${formatMoney(MAX_AMOUNT)}`;
  if (problem === 'format') return `${label} must be a number${allowNegative ? '' : ' of 0 or more'} with at most two decimals`;
  return undefined;
}

/** A typed-in amount as a number ('1,234.56' → 1234.56). Check it with amountInputError first. */
export function amountInputValue(text: string): number {
  return moneyInputValue(normalised(text));
}

/** An amount that may be left empty (a budget, the tax): null when it is. */
export function optionalAmountValue(text: string): number | null {
  return normalised(text) === '' ? null : amountInputValue(text);
}
