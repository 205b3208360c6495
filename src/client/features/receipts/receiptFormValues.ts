import type { ManualReceiptBody, Receipt } from '../../../shared/receipts';
import { todayIso } from '../../ui/dates';
import { amountInputError, amountInputValue, optionalAmountValue } from '../../ui/amountInput';
import { moneyInputText } from '../../ui/money';
import { newItem, validateReceiptBasics, type ReceiptBasics, type ReceiptBasicsErrors } from '../../entities/receipts/receiptRules';

/** The Add/Edit Transaction form as typed; numbers stay text until saved. */
export interface ReceiptFormValues extends ReceiptBasics {
  /** Category id; empty leaves it to the API (Other on create). */
  categoryId: string;
  description: string;
  paymentMethod: string;
  tax: string;
}

export interface ReceiptFormErrors extends ReceiptBasicsErrors {
  tax?: string;
}

export const PAYMENT_METHODS = ['Cash', 'Credit Card', 'Debit Card', 'Mobile Payment', 'Bank Transfer', 'Other'] as const;

export function emptyReceiptForm(today = todayIso()): ReceiptFormValues {
  return { store: '', date: today, amount: '', categoryId: '', description: '', paymentMethod: '', tax: '', items: [] };
}

export function receiptFormValues(receipt: Receipt): ReceiptFormValues {
  return {
    store: receipt.store,
    date: receipt.date.slice(0, 10),
    amount: moneyInputText(receipt.amount),
    categoryId: receipt.categoryId,
    description: receipt.description,
    paymentMethod: receipt.paymentMethod,
    tax: moneyInputText(receipt.tax),
    items: receipt.items.map((i) => ({ ...newItem(), name: i.name, price: moneyInputText(i.price), quantity: String(i.quantity) })),
  };
}

/**
 * The shared receipt rules (store, date and amount required; money with at most two decimals, a
 * negative total a refund, a negative item price a discount), plus tax, which is never negative.
 */
export function validateReceiptForm(values: ReceiptFormValues): ReceiptFormErrors {
  const errors: ReceiptFormErrors = validateReceiptBasics(values);
  const taxError = amountInputError(values.tax, { label: 'Tax' });
  if (taxError) errors.tax = taxError;
  return errors;
}

/** The body of POST /receipts and PUT /receipts/:id. Every field is sent, so an edit can clear one. */
export function toReceiptBody(values: ReceiptFormValues): ManualReceiptBody {
  const body: ManualReceiptBody = {
    store: values.store.trim(),
    date: values.date.trim(),
    amount: amountInputValue(values.amount),
    description: values.description.trim(),
    paymentMethod: values.paymentMethod.trim(),
    tax: optionalAmountValue(values.tax),
    items: values.items.map((i) => ({ name: i.name.trim(), price: amountInputValue(i.price), quantity: Number(i.quantity.trim()) })),
  };
  if (values.categoryId) body.category = values.categoryId;
  return body;
}
