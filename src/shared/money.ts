/**
 * Money crosses the API as numbers with at most two decimals and is stored as integer cents.
 * These helpers are the one place that conversion happens, on both sides.
 */
export const MAX_AMOUNT = 10_000_000; // $10M: far above any receipt, far below float precision limits
/**
 * An amount as printed in a receipt's own currency: room for a rupiah or dong receipt; what it
 * comes to in the home currency is held to MAX_AMOUNT.
 */
export const MAX_PRINTED_AMOUNT = 1_000_000_000_000;

/** Cents for a dollar amount, or null when it has more than two decimals or is not finite. */
export function toCents(amount: number): number | null {
  if (!Number.isFinite(amount)) return null;
  const cents = Math.round(amount * 100);
  // Accept float noise (0.1 + 0.2) but not a real third decimal (1.005).
  if (Math.abs(cents - amount * 100) > 1e-6 * Math.max(1, Math.abs(amount))) return null;
  return cents;
}

export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

export interface MoneyInputOptions {
  /** A leading '-' is allowed (a refund, a discount). */
  allowNegative?: boolean;
  /** Thousands separators are allowed: '1,234.56'. */
  allowGrouping?: boolean;
}

const PLAIN_MONEY = /^\d+(\.\d{1,2})?$/;
const GROUPED_MONEY = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;

/** A typed-in amount as a number (thousands separators dropped). Check it with moneyInputProblem first. */
export function moneyInputValue(text: string): number {
  return Number(text.trim().replace(/,/g, ''));
}

/** What is wrong with a typed-in amount: not a number with at most two decimals, or above MAX_AMOUNT; null when fine. */
export function moneyInputProblem(text: string, { allowNegative = false, allowGrouping = false }: MoneyInputOptions = {}): 'format' | 'too-large' | null {
  const trimmed = text.trim();
  const unsigned = allowNegative && trimmed.startsWith('-') ? trimmed.slice(1) : trimmed;
  if (!PLAIN_MONEY.test(unsigned) && !(allowGrouping && GROUPED_MONEY.test(unsigned))) return 'format';
  return Math.abs(moneyInputValue(trimmed)) > MAX_AMOUNT ? 'too-large' : null;
}

/** True when a typed-in string is an amount with at most two decimals, at most MAX_AMOUNT. */
export function isMoneyInput(text: string, options: MoneyInputOptions = {}): boolean {
  return moneyInputProblem(text, options) === null;
}
