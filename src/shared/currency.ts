/**
 * Money in any currency: amounts are kept as integers of the currency's minor unit (cents for
 * USD, yen for JPY, fils for KWD), and converted to the person's home currency with a rate.
 * Imports nothing: the client and the server use the same rules.
 */

/** ISO 4217 codes whose minor unit is not a hundredth, by digits (ISO 4217's table; every other code has 2). */
export const MINOR_UNITS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries({
    0: 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF',
    3: 'BHD IQD JOD KWD LYD OMR TND',
    4: 'CLF UYW',
  }).flatMap(([digits, codes]) => codes.split(' ').map((code) => [code, Number(digits)])),
);

export const DEFAULT_HOME_CURRENCY = 'USD';

const CODE_RE = /^[A-Z]{3}$/;
let known: Set<string> | null = null;

/** True for a currency code in use today (ISO 4217, as the runtime's Intl knows them). */
export function isCurrencyCode(code: string): boolean {
  if (!CODE_RE.test(code)) return false;
  known ??= new Set(Intl.supportedValuesOf('currency'));
  return known.has(code);
}

/** Digits after the decimal point in the currency's minor unit: 2 for USD, 0 for JPY, 3 for KWD. */
export function minorUnits(code: string): number {
  return MINOR_UNITS[code] ?? 2;
}

/**
 * The amount in the currency's minor units, or null when it has more decimals than the currency
 * has (a third decimal in USD, any in JPY) or is not finite.
 */
export function toMinor(amount: number, code: string): number | null {
  if (!Number.isFinite(amount)) return null;
  const scale = 10 ** minorUnits(code);
  const minor = Math.round(amount * scale);
  // Float noise (0.1 + 0.2) is accepted, a real extra decimal (1.005 USD) is not.
  if (Math.abs(minor - amount * scale) > 1e-6 * Math.max(1, Math.abs(amount) * scale)) return null;
  return minor;
}

/** The amount a number of minor units stands for: 1234 USD → 12.34, 1234 JPY → 1234. */
export function fromMinor(minor: number, code: string): number {
  return Math.round(minor) / 10 ** minorUnits(code);
}

/** Rates are kept to this many decimal places (the database's numeric(20, 8)). */
export const RATE_DECIMALS = 8;

/**
 * `minor` units of `from` in units of `to`, at `rate` (units of `to` for one unit of `from`, at
 * most RATE_DECIMALS decimals): RM 45.60 at 0.2130 USD per MYR → 971 cents. Computed exactly in
 * integers and rounded once, half away from zero, so a refund converts to the size of the
 * purchase it undoes.
 */
export function convertMinor(minor: number, from: string, to: string, rate: number): number {
  if (from === to) return minor;
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`A conversion rate must be a positive number, not ${rate}`);
  const shift = minorUnits(to) - minorUnits(from);
  const numerator = BigInt(Math.round(minor)) * BigInt(Math.round(rate * 10 ** RATE_DECIMALS)) * 10n ** BigInt(Math.max(0, shift));
  const denominator = 10n ** BigInt(RATE_DECIMALS + Math.max(0, -shift));
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return Number(negative ? -rounded : rounded);
}

/** Markers printed on receipts that name one currency; '$' and '¥' are read with the home currency in mind. */
const MARKERS: Record<string, string> = {
  RM: 'MYR',
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  RS: 'INR',
  RP: 'IDR',
  '฿': 'THB',
  '₩': 'KRW',
  '₱': 'PHP',
  '₫': 'VND',
  S$: 'SGD',
  A$: 'AUD',
  C$: 'CAD',
  HK$: 'HKD',
  NZ$: 'NZD',
  US$: 'USD',
  R$: 'BRL',
  FR: 'CHF',
};
const DOLLARS = ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MXN'];

/**
 * The currency a marker printed on a receipt names ('RM' → MYR, '€' → EUR, 'MYR' → MYR), or null
 * when it names none. '$' is the home currency when that is a dollar, else USD; '¥' is CNY for a
 * home in yuan, else JPY.
 */
export function currencyOfMarker(marker: string | null | undefined, home: string): string | null {
  const m = (marker ?? '').trim().toUpperCase();
  if (!m) return null;
  if (isCurrencyCode(m)) return m;
  if (MARKERS[m]) return MARKERS[m];
  if (m === '$') return DOLLARS.includes(home) ? home : 'USD';
  if (m === '¥' || m === '￥') return home === 'CNY' ? 'CNY' : 'JPY';
  return null;
}

/** A number of `code` units in its own sign and minor units. */
function formatUnits(amount: number, code: string, locale: string): string {
  const digits = minorUnits(code);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/** An amount for people to read, in the currency's own sign and minor units: 'RM 45.60', '¥1,500', 'KWD 1.234'. */
export function formatMoney(minor: number, code: string, locale = 'en-US'): string {
  return formatUnits(fromMinor(minor, code), code, locale);
}

/**
 * What sums count: `minor` units of `currency` in hundredths of the home currency. Converted at
 * `rate` and rounded once in the home currency's own minor units (whole yen for a home in JPY);
 * a home currency with three decimals is counted to the hundredth.
 */
export function homeCents(minor: number, currency: string, home: string, rate: number | null): number {
  if (currency !== home && rate === null) throw new RangeError(`A rate is needed from ${currency} to ${home}`);
  const homeMinor = currency === home ? minor : convertMinor(minor, currency, home, rate as number);
  const digits = minorUnits(home);
  if (digits <= 2) return homeMinor * 10 ** (2 - digits);
  const scaled = Math.abs(homeMinor) / 10 ** (digits - 2);
  return Math.sign(homeMinor) * Math.round(scaled);
}

/** True when the rate has at most RATE_DECIMALS decimals (what the database keeps). */
export function isKeptRate(rate: number): boolean {
  const scaled = rate * 10 ** RATE_DECIMALS;
  // Tolerates float noise in the scaling only, never a ninth decimal.
  return rate > 0 && Number.isFinite(rate) && Math.abs(scaled - Math.round(scaled)) <= Math.max(1e-6, scaled * 1e-12);
}

/** A sum in hundredths of the home currency (what totals keep), for people to read: '$1,234.50', '¥1,500', 'RM 9.71'. */
export function formatHomeCents(cents: number, home: string, locale = 'en-US'): string {
  return formatUnits(Math.round(cents) / 100, home, locale);
}

/** The rate in force on `date` among one currency's rates sorted by the day each applies from (the latest on or before it), or null. */
export function rateInForce(rates: readonly { validFrom: string; rate: number }[], date: string): number | null {
  let found: number | null = null;
  for (const r of rates) {
    if (r.validFrom > date) break;
    found = r.rate;
  }
  return found;
}
