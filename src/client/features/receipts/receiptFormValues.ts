import type { ManualReceiptBody, Receipt } from '../../../shared/receipts';
import { todayIso } from '../../ui/dates';
import { amountInputValue, optionalAmountValue, rateInputText } from '../../ui/amountInput';
import { rateToSend, validateReceiptCurrency } from '../../entities/receipts/receiptCurrency';
import { displayCurrency, moneyInputText } from '../../ui/money';
import {
  newItem,
  receiptTaxError,
  taxOverMessage,
  validateReceiptBasics,
  type ReceiptBasics,
  type ReceiptBasicsErrors,
} from '../../entities/receipts/receiptRules';
import { sharingFromReceipt, withSharing, type SharingErrors, type SharingValues } from '../../entities/households/sharingForm';
import { deadlineBody, deadlineValues } from '../../entities/receipts/deadlines';

/** The Add/Edit Transaction form as typed; numbers stay text until saved. */
export interface ReceiptFormValues extends ReceiptBasics {
  /** Category id; empty leaves it to the API (Other on create). */
  categoryId: string;
  description: string;
  paymentMethod: string;
  tax: string;
  /** The currency printed on the receipt; the amount, tax and prices are in it. */
  currency: string;
  /** Home currency units for one `currency`; empty: the rates table's on the receipt's date. Unused in the home currency. */
  rate: string;
  /** Who shares it; left out: not shared. */
  sharing?: SharingValues;
}

export interface ReceiptFormErrors extends ReceiptBasicsErrors {
  tax?: string;
  currency?: string;
  rate?: string;
  sharing?: SharingErrors;
}

export const PAYMENT_METHODS = ['Cash', 'Credit Card', 'Debit Card', 'Mobile Payment', 'Bank Transfer', 'Other'] as const;

export function emptyReceiptForm(today = todayIso(), currency = displayCurrency()): ReceiptFormValues {
  return { store: '', date: today, amount: '', categoryId: '', description: '', paymentMethod: '', tax: '', items: [], currency, rate: '' };
}

export function receiptFormValues(receipt: Receipt): ReceiptFormValues {
  const money = (amount: number | null) => moneyInputText(amount, receipt.currency);
  const items = receipt.items.map((i) => ({
    ...newItem(),
    name: i.name,
    price: money(i.price),
    quantity: String(i.quantity),
    categoryId: i.categoryId ?? '',
    ...deadlineValues(i),
  }));
  const sharing = sharingFromReceipt(receipt, items);
  return {
    store: receipt.store,
    date: receipt.date.slice(0, 10),
    amount: money(receipt.amount),
    categoryId: receipt.categoryId,
    description: receipt.description,
    paymentMethod: receipt.paymentMethod,
    tax: money(receipt.tax),
    items,
    currency: receipt.currency,
    rate: rateInputText(receipt.rate),
    ...deadlineValues(receipt),
    ...(sharing && { sharing }),
  };
}

export const TAX_OVER_AMOUNT = taxOverMessage();

/**
 * The shared receipt rules (store, date and amount required; money with at most the currency's
 * decimals, a negative total a refund, a negative item price a discount), plus tax, which is
 * never negative nor more than the amount (on a refund, than what came back), a known currency
 * and, in a foreign one, a rate if one is typed.
 */
export function validateReceiptForm(values: ReceiptFormValues, home = displayCurrency()): ReceiptFormErrors {
  const errors: ReceiptFormErrors = validateReceiptBasics(values);
  const taxError = receiptTaxError(values, Boolean(errors.amount));
  if (taxError) errors.tax = taxError;
  return { ...errors, ...validateReceiptCurrency(values, home) };
}

/**
 * The body of POST /receipts and PUT /receipts/:id. Every field is sent, so an edit can clear one
 * (a return window or warranty only once set: a person who uses none sends today's body);
 * in a foreign currency the rate typed, or null for the rates table's on the receipt's date; the
 * sharing fields only for a receipt that is or was shared.
 */
export function toReceiptBody(values: ReceiptFormValues, home = displayCurrency()): ManualReceiptBody {
  const { currency } = values;
  const body: ManualReceiptBody = {
    store: values.store.trim(),
    date: values.date.trim(),
    amount: amountInputValue(values.amount, currency),
    currency,
    description: values.description.trim(),
    paymentMethod: values.paymentMethod.trim(),
    tax: optionalAmountValue(values.tax, currency),
    items: values.items.map((i) => ({
      name: i.name.trim(),
      price: amountInputValue(i.price, currency),
      quantity: Number(i.quantity.trim()),
      ...(i.categoryId && { category: i.categoryId }),
      // An item's are sent whole on an edit: one left out has none.
      ...deadlineBody(i, false),
    })),
    ...deadlineBody(values, true),
  };
  const rate = rateToSend(values, home);
  if (rate !== undefined) body.rate = rate;
  if (values.categoryId) body.category = values.categoryId;
  return withSharing(body, values);
}
