/** Above this the written-out format below would lose cents to float precision: Intl takes over. */
const EXACT_LIMIT = 1e9;
let usd: Intl.NumberFormat | undefined;

/**
 * An amount in USD with two decimals (spec §9): 1234.5 → '$1,234.50', -3 → '-$3.00'. The same
 * text as Intl's en-US currency format (a test compares them), written out so that the first
 * screen does not load Intl (see shared/calendar).
 */
export function formatMoney(amount: number): string {
  const abs = Math.abs(amount);
  // A tiny negative would otherwise show as '-$0.00'.
  if (abs < 0.005) return '$0.00';
  if (!(abs < EXACT_LIMIT)) {
    usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return usd.format(amount);
  }
  // Like Intl, round the shortest decimal that reads back as the number (1.005 → 1.01), half up.
  const cents = String(Math.round(Number(`${abs}e2`))).padStart(3, '0');
  const whole = cents.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${amount < 0 && cents !== '000' ? '-' : ''}$${whole}.${cents.slice(-2)}`;
}

/** The amount without its sign, for screens that show direction by colour and words (spec §2). */
export function formatMoneyAbs(amount: number): string {
  return formatMoney(Math.abs(amount));
}

/** A change of balance with its direction: '+$42.10', '-$18.00', '$0.00' (what rounds to nothing has none). */
export function formatSignedMoney(amount: number): string {
  return Math.round(amount * 100) > 0 ? `+${formatMoney(amount)}` : formatMoney(amount);
}

/** An estimate in whole dollars, rounded: 1239.6 → '$1,240' (cents would claim a precision it has not). */
export function formatWholeMoney(amount: number): string {
  return formatMoney(Math.round(amount)).slice(0, -'.00'.length);
}

/** A number as the text of a money input ('' for null): 12.5 → '12.50'. */
export function moneyInputText(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '' : amount.toFixed(2);
}
