import { MAX_AMOUNT, MAX_PRINTED_AMOUNT, moneyInputValue } from '../../shared/money';
import { isCurrencyCode, minorUnits, RATE_DECIMALS } from '../../shared/currency';
import { currencySymbol, displayCurrency, formatMoney } from './money';

/**
 * The one reading of a typed-in amount, for every amount field (totals, item prices, tax,
 * budgets): '1,234.56', '1234.56' and '$12' are amounts; at most as many decimals as the
 * currency has (two for USD, none for JPY, three for KWD); at most MAX_AMOUNT, with a message of
 * its own when above it. The currency is the display (home) currency unless the field says.
 */

export interface AmountRules {
  /** How the field is named in its messages: 'Amount', 'Price', 'Budget'. */
  label: string;
  /** A leading '-' is allowed (a refund, a discount). */
  allowNegative?: boolean;
  /** The currency the amount is in; default: the display (home) currency. */
  currency?: string;
}

/** Digits, plain or grouped by thousands, and any decimals (their count is the currency's rule). */
const NUMBER = /^(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;
const DECIMALS = ['no', 'one', 'two', 'three', 'four'];

/** Trimmed, without a leading '$' or the currency's own sign (the fields show one already, and people type it anyway). */
function normalised(text: string, currency: string): string {
  const trimmed = text.trim();
  const sign = trimmed.startsWith('-') ? '-' : '';
  const rest = trimmed.slice(sign.length);
  const mark = ['$', currencySymbol(currency)].find((m) => rest.startsWith(m));
  return sign + (mark ? rest.slice(mark.length).trimStart() : rest);
}

/** Why a typed-in amount is not one, or undefined when it is (or is empty: whether it may be is the form's rule). */
export function amountInputError(text: string, { label, allowNegative = false, currency: chosen = displayCurrency() }: AmountRules): string | undefined {
  // While a form has no currency chosen (its own error says so), the home currency's rules apply.
  const currency = isCurrencyCode(chosen) ? chosen : displayCurrency();
  const amount = normalised(text, currency);
  if (!amount) return undefined;
  const unsigned = allowNegative && amount.startsWith('-') ? amount.slice(1) : amount;
  const match = NUMBER.exec(unsigned);
  const digits = minorUnits(currency);
  if (!match || (match[1]?.length ?? 0) > digits) {
    const kind = digits === 0 ? 'a whole number' : 'a number';
    const decimals = digits === 0 ? '' : ` with at most ${DECIMALS[digits] ?? digits} decimals`;
    return `${label} must be ${kind}${allowNegative ? '' : ' of 0 or more'}${decimals}`;
  }
  // An amount in another currency may be larger (a rupiah receipt): the server holds what it comes to at home.
  const limit = currency === displayCurrency() ? MAX_AMOUNT : MAX_PRINTED_AMOUNT;
  if (Math.abs(moneyInputValue(amount)) > limit) return `${label} must be at most ${formatMoney(limit, currency)}`;
  return undefined;
}

/** A typed-in amount as a number ('1,234.56' → 1234.56). Check it with amountInputError first. */
export function amountInputValue(text: string, currency = displayCurrency()): number {
  return moneyInputValue(normalised(text, currency));
}

/** An amount that may be left empty (a budget, the tax): null when it is. */
export function optionalAmountValue(text: string, currency = displayCurrency()): number | null {
  return normalised(text, currency) === '' ? null : amountInputValue(text, currency);
}

/** A plain number with at most RATE_DECIMALS decimals (what the database keeps). */
const RATE = new RegExp(`^\\d+(?:\\.\\d{1,${RATE_DECIMALS}})?$`);

/**
 * Why a typed-in exchange rate is not one (a positive number with at most RATE_DECIMALS
 * decimals), or undefined when it is or is empty. The server's far-off upper bound is left to it:
 * its limit lives with the schemas, which the client does not load.
 */
export function rateInputError(text: string, label = 'Rate'): string | undefined {
  const rate = text.trim();
  if (!rate) return undefined;
  return RATE.test(rate) && Number(rate) > 0 ? undefined : `${label} must be a number greater than 0 with at most ${RATE_DECIMALS} decimals`;
}

/** A typed-in rate as a number, or undefined when it is empty. Check it with rateInputError first. */
export function optionalRateValue(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.trim());
}

/** A rate as the text of its field, written out in full: 0.2130 → '0.213', 1e-7 → '0.0000001'. */
export function rateInputText(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '' : rate.toFixed(RATE_DECIMALS).replace(/\.?0+$/, '');
}
