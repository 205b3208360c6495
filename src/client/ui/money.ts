import { DEFAULT_HOME_CURRENCY, formatMoney as formatMinor, isCurrencyCode, minorUnits } from '../../shared/currency';

/** Above this the written-out format below would lose cents to float precision: Intl takes over. */
const EXACT_LIMIT = 1e9;
let usd: Intl.NumberFormat | undefined;

/** This device's copy of the home currency, so that the first paint after a reload already shows it. */
export const DISPLAY_CURRENCY_STORAGE_KEY = 'tally.homeCurrency';
let display: string | undefined;
/** Shaped like an ISO 4217 code (whether Intl knows it is not asked here: that would load Intl on the first screen). */
const CODE = /^[A-Z]{3}$/;

/**
 * The currency sums are shown in: the person's home currency. Module state rather than a
 * parameter: dozens of captions, charts and selectors format sums, and a session has one home
 * currency (settings/SettingsSync sets it when the settings load, and refreshes what shows money
 * when it changes).
 */
export function displayCurrency(): string {
  if (display === undefined) {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(DISPLAY_CURRENCY_STORAGE_KEY);
    } catch {
      /* storage blocked: the default */
    }
    display = stored && CODE.test(stored) ? stored : DEFAULT_HOME_CURRENCY;
  }
  return display;
}

/** Sets the display currency (and this device's copy of it); true when it changed. Anything but a code is ignored. */
export function setDisplayCurrency(code: string): boolean {
  if (!CODE.test(code)) return false;
  const changed = code !== displayCurrency();
  display = code;
  try {
    localStorage.setItem(DISPLAY_CURRENCY_STORAGE_KEY, code);
  } catch {
    /* storage blocked: the currency still applies for this visit */
  }
  return changed;
}

/**
 * USD with two decimals (spec §9): 1234.5 → '$1,234.50', -3 → '-$3.00'. The same text as Intl's
 * en-US currency format (a test compares them), written out so that the first screen does not
 * load Intl (see shared/calendar).
 */
function formatUsd(amount: number): string {
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

/** The amount in the currency's minor units, rounded like formatUsd (shortest decimal, half away from zero); never -0. */
function roundedMinor(amount: number, code: string): number {
  const digits = minorUnits(code);
  const shifted = Number(`${Math.abs(amount)}e${digits}`);
  const minor = Math.sign(amount) * Math.round(Number.isFinite(shifted) ? shifted : Math.abs(amount) * 10 ** digits);
  return minor || 0;
}

/**
 * An amount in `code` (default: the display currency) with its sign and minor units:
 * '$1,234.50', '€3.10', 'RM 45.60', '¥1,500'. USD is written out without Intl.
 */
export function formatMoney(amount: number, code = displayCurrency()): string {
  return code === 'USD' ? formatUsd(amount) : formatMinor(roundedMinor(amount, code), code);
}

/** The amount without its sign, for screens that show direction by colour and words (spec §2). */
export function formatMoneyAbs(amount: number, code = displayCurrency()): string {
  return formatMoney(Math.abs(amount), code);
}

/** A change of balance with its direction: '+$42.10', '-$18.00', '$0.00' (what rounds to nothing has none). */
export function formatSignedMoney(amount: number, code = displayCurrency()): string {
  return roundedMinor(amount, code) > 0 ? `+${formatMoney(amount, code)}` : formatMoney(amount, code);
}

/** An estimate in whole units, rounded: 1239.6 → '$1,240' (cents would claim a precision it has not). */
export function formatWholeMoney(amount: number, code = displayCurrency()): string {
  const digits = minorUnits(code);
  const text = formatMoney(Math.round(amount), code);
  // en-US writes the minor units last, after a '.': drop them.
  return digits === 0 ? text : text.slice(0, -(digits + 1));
}

/** A number as the text of a money input ('' for null), with the currency's decimals: 12.5 → '12.50', ¥1500 → '1500'. */
export function moneyInputText(amount: number | null | undefined, code = displayCurrency()): string {
  return amount === null || amount === undefined ? '' : amount.toFixed(minorUnits(code));
}

const symbols = new Map<string, string>([['USD', '$']]);

/** The sign shown before an amount field: '$', '€', 'RM' (narrow, as formatMoney writes it); none while no currency is chosen. */
export function currencySymbol(code = displayCurrency()): string {
  let symbol = symbols.get(code);
  if (symbol === undefined) {
    if (!isCurrencyCode(code)) return '';
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    symbol = parts.find((p) => p.type === 'currency')?.value ?? code;
    symbols.set(code, symbol);
  }
  return symbol;
}
