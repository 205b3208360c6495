import { convertMinor, fromMinor, isCurrencyCode, toMinor } from '../../../shared/currency';
import { amountInputError, amountInputValue, optionalRateValue, rateInputError } from '../../ui/amountInput';
import { displayCurrency, formatMoney } from '../../ui/money';

/** A receipt form's money as typed: the amount, the currency printed, and a rate to the home currency (empty: the rates table's on `date`). */
export interface ReceiptCurrencyValues {
  amount: string;
  currency: string;
  rate: string;
  date: string;
}

export interface ReceiptCurrencyErrors {
  currency?: string;
  rate?: string;
}

/** A known currency and, in a foreign one, a rate if one is typed (a rate left over from another currency is ignored at home). */
export function validateReceiptCurrency(values: Pick<ReceiptCurrencyValues, 'currency' | 'rate'>, home = displayCurrency()): ReceiptCurrencyErrors {
  if (!isCurrencyCode(values.currency)) return { currency: 'Choose a currency' };
  if (values.currency === home) return {};
  const rate = rateInputError(values.rate);
  return rate ? { rate } : {};
}

/** The rate a save sends: undefined at home, else the one typed or null for the rates table's on the receipt's date. */
export function rateToSend(values: Pick<ReceiptCurrencyValues, 'currency' | 'rate'>, home = displayCurrency()): number | null | undefined {
  return values.currency === home ? undefined : (optionalRateValue(values.rate) ?? null);
}

/**
 * What the typed amount comes to in the home currency at the typed rate ('$9.71'), as the server
 * will count it; null when either is missing or wrong, or the receipt is in the home currency.
 */
export function homeAmountPreview(values: Omit<ReceiptCurrencyValues, 'date'>, home = displayCurrency()): string | null {
  if (values.currency === home || !isCurrencyCode(values.currency) || !values.rate.trim() || rateInputError(values.rate)) return null;
  if (!values.amount.trim() || amountInputError(values.amount, { label: 'Amount', allowNegative: true, currency: values.currency })) return null;
  const minor = toMinor(amountInputValue(values.amount, values.currency), values.currency);
  if (minor === null) return null;
  return formatMoney(fromMinor(convertMinor(minor, values.currency, home, Number(values.rate.trim())), home), home);
}
