/**
 * Money crosses the API as numbers with at most two decimals and is stored as integer cents.
 * These helpers are the one place that conversion happens, on both sides.
 */
export const MAX_AMOUNT = 10_000_000; // $10M: far above any receipt, far below float precision limits

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

/** True when a typed-in string is a non-negative amount with at most two decimals. */
export function isMoneyInput(text: string, { allowNegative = false } = {}): boolean {
  const re = allowNegative ? /^-?\d+(\.\d{1,2})?$/ : /^\d+(\.\d{1,2})?$/;
  return re.test(text.trim()) && Number(text) <= MAX_AMOUNT;
}
