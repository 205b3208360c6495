import { isMoneyInput } from '../../../shared/money';
import { MAX_ITEM_QUANTITY, type ManualReceiptBody, type Receipt } from '../../../shared/receipts';
import { isCalendarDate, todayIso } from '../../ui/dates';
import { moneyInputText, parseMoneyInput } from '../../ui/money';

export interface ItemFormValues {
  /** Stable React key for a row (rows are added and removed). */
  key: string;
  name: string;
  price: string;
  quantity: string;
}

/** The Add/Edit Transaction form as typed; numbers stay text until saved. */
export interface ReceiptFormValues {
  store: string;
  date: string;
  amount: string;
  /** Category id; empty leaves it to the API (Other on create). */
  categoryId: string;
  description: string;
  paymentMethod: string;
  tax: string;
  items: ItemFormValues[];
}

export interface ItemFormErrors {
  name?: string;
  price?: string;
  quantity?: string;
}

export interface ReceiptFormErrors {
  store?: string;
  date?: string;
  amount?: string;
  tax?: string;
  items?: Record<string, ItemFormErrors>;
}

export const PAYMENT_METHODS = ['Cash', 'Credit Card', 'Debit Card', 'Mobile Payment', 'Bank Transfer', 'Other'] as const;

let nextKey = 1;
export function newItem(): ItemFormValues {
  return { key: `item-${nextKey++}`, name: '', price: '', quantity: '1' };
}

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

const MONEY_HINT = 'Enter a number with at most two decimals';

function isQuantity(text: string): boolean {
  const n = Number(text.trim());
  return /^\d+(\.\d{1,3})?$/.test(text.trim()) && n > 0 && n <= MAX_ITEM_QUANTITY;
}

/**
 * Field by field: store, date and amount are required; amounts are numbers with at most two
 * decimals (a negative total is a refund, a negative item price a discount; tax is never negative).
 */
export function validateReceiptForm(values: ReceiptFormValues): ReceiptFormErrors {
  const errors: ReceiptFormErrors = {};
  if (!values.store.trim()) errors.store = 'Store is required';
  else if (values.store.trim().length > 200) errors.store = 'Store must be at most 200 characters';
  if (!values.date.trim()) errors.date = 'Date is required';
  else if (!isCalendarDate(values.date.trim())) errors.date = 'Enter a valid date';
  if (!values.amount.trim()) errors.amount = 'Amount is required';
  else if (!isMoneyInput(values.amount, { allowNegative: true })) errors.amount = MONEY_HINT;
  if (values.tax.trim() && !isMoneyInput(values.tax)) errors.tax = 'Tax must be a number of 0 or more with at most two decimals';

  const itemErrors: Record<string, ItemFormErrors> = {};
  for (const item of values.items) {
    const e: ItemFormErrors = {};
    if (!item.name.trim()) e.name = 'Item name is required';
    if (!item.price.trim()) e.price = 'Price is required';
    else if (!isMoneyInput(item.price, { allowNegative: true })) e.price = MONEY_HINT;
    if (!isQuantity(item.quantity)) e.quantity = 'Quantity must be a number greater than 0';
    if (Object.keys(e).length > 0) itemErrors[item.key] = e;
  }
  if (Object.keys(itemErrors).length > 0) errors.items = itemErrors;
  return errors;
}

/** The body of POST /receipts and PUT /receipts/:id. Every field is sent, so an edit can clear one. */
export function toReceiptBody(values: ReceiptFormValues): ManualReceiptBody {
  const body: ManualReceiptBody = {
    store: values.store.trim(),
    date: values.date.trim(),
    amount: Number(values.amount.trim()),
    description: values.description.trim(),
    paymentMethod: values.paymentMethod.trim(),
    tax: parseMoneyInput(values.tax),
    items: values.items.map((i) => ({ name: i.name.trim(), price: Number(i.price.trim()), quantity: Number(i.quantity.trim()) })),
  };
  if (values.categoryId) body.category = values.categoryId;
  return body;
}
