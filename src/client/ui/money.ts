const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount in USD with two decimals (spec §9): 1234.5 → '$1,234.50', -3 → '-$3.00'. */
export function formatMoney(amount: number): string {
  // A tiny negative would otherwise show as '-$0.00'.
  const value = Math.abs(amount) < 0.005 ? 0 : amount;
  return usd.format(value);
}

/** The amount without its sign, for screens that show direction by colour and words (spec §2). */
export function formatMoneyAbs(amount: number): string {
  return formatMoney(Math.abs(amount));
}

/** A typed-in money text as a number, or null when empty. Validate with isMoneyInput first. */
export function parseMoneyInput(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** A number as the text of a money input ('' for null): 12.5 → '12.50'. */
export function moneyInputText(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '' : amount.toFixed(2);
}
