import { amountInputError, amountInputValue, optionalAmountValue } from '../../ui/amountInput';
import { MAX_ITEM_QUANTITY, MAX_STORE_NAME } from '../../../shared/constants/receipts';
import { isCalendarDate } from '../../ui/dates';
import { deadlineErrors, type DeadlineErrors, type DeadlineValues } from './deadlines';

/**
 * The rules every receipt form follows (Add/Edit Transaction and the scan review), so both
 * screens agree on what a valid store, date, amount and item line is.
 */

export interface ItemFormValues extends DeadlineValues {
  /** Stable React key for a row (rows are added and removed). */
  key: string;
  name: string;
  price: string;
  quantity: string;
  /** The item's own category id; '' or absent: the receipt's. */
  categoryId?: string;
  /** From a scan: the name as it was read, so the API learns the name the person gives it. */
  readAs?: string;
}

export interface ItemFormErrors extends DeadlineErrors {
  name?: string;
  price?: string;
  quantity?: string;
}

/** What every receipt form asks for, as typed; numbers stay text until saved. */
export interface ReceiptBasics extends DeadlineValues {
  store: string;
  date: string;
  amount: string;
  items: ItemFormValues[];
  /** The currency of the amount and prices; its decimals rule them. Default: the home currency. */
  currency?: string;
}

export interface ReceiptBasicsErrors extends DeadlineErrors {
  store?: string;
  date?: string;
  amount?: string;
  items?: Record<string, ItemFormErrors>;
}

let nextKey = 1;
export function newItem(): ItemFormValues {
  return { key: `item-${nextKey++}`, name: '', price: '', quantity: '1', categoryId: '' };
}

function isQuantity(text: string): boolean {
  const n = Number(text.trim());
  return /^\d+(\.\d{1,3})?$/.test(text.trim()) && n > 0 && n <= MAX_ITEM_QUANTITY;
}

/**
 * Field by field: store, date and amount are required; amounts are read by amountInput (a
 * negative total is a refund, a negative item price a discount); a return window or warranty,
 * the receipt's or an item's, is a date after the receipt's. `amountLabel` names the total.
 */
export function validateReceiptBasics(values: ReceiptBasics, amountLabel = 'Amount'): ReceiptBasicsErrors {
  const errors: ReceiptBasicsErrors = {};
  if (!values.store.trim()) errors.store = 'Store is required';
  else if (values.store.trim().length > MAX_STORE_NAME) errors.store = `Store must be at most ${MAX_STORE_NAME} characters`;
  if (!values.date.trim()) errors.date = 'Date is required';
  else if (!isCalendarDate(values.date.trim())) errors.date = 'Enter a valid date';
  if (!values.amount.trim()) errors.amount = `${amountLabel} is required`;
  else {
    const amountError = amountInputError(values.amount, { label: amountLabel, allowNegative: true, currency: values.currency });
    if (amountError) errors.amount = amountError;
  }

  const itemErrors: Record<string, ItemFormErrors> = {};
  for (const item of values.items) {
    const e: ItemFormErrors = {};
    if (!item.name.trim()) e.name = 'Item name is required';
    if (!item.price.trim()) e.price = 'Price is required';
    else {
      const priceError = amountInputError(item.price, { label: 'Price', allowNegative: true, currency: values.currency });
      if (priceError) e.price = priceError;
    }
    if (!isQuantity(item.quantity)) e.quantity = 'Quantity must be a number greater than 0';
    Object.assign(e, deadlineErrors(item, values.date.trim()));
    if (Object.keys(e).length > 0) itemErrors[item.key] = e;
  }
  if (Object.keys(itemErrors).length > 0) errors.items = itemErrors;
  return { ...errors, ...deadlineErrors(values, values.date.trim()) };
}

/** Tax is part of what was paid: never more than the total (on a refund, than what came back). */
export function taxOverMessage(amountLabel = 'Amount'): string {
  return `Tax must not be more than the ${amountLabel.toLowerCase()}`;
}

/**
 * Why a typed-in tax is not one (it may be left empty), against the amount when that is well
 * formed (`amountHasError`: it has its own message, so the two are not compared).
 */
export function receiptTaxError(
  values: { tax: string; amount: string; currency?: string },
  amountHasError: boolean,
  amountLabel = 'Amount',
): string | undefined {
  const format = amountInputError(values.tax, { label: 'Tax', currency: values.currency });
  if (format) return format;
  const tax = optionalAmountValue(values.tax, values.currency);
  if (tax === null || amountHasError) return undefined;
  return tax > Math.abs(amountInputValue(values.amount, values.currency)) ? taxOverMessage(amountLabel) : undefined;
}
