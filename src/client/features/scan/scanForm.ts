import type { ScanReceiptBody } from '../../../shared/receipts';
import { DEFAULT_ITEM_CATEGORY } from '../../../shared/constants/receipts';
import type { ProcessedData, ScanReceiptResult, ScannedItem } from '../../../shared/scan';
import { DEFAULT_SCAN_QUANTITY } from '../../../shared/constants/scan';
import { todayIso } from '../../ui/dates';
import { amountInputValue, optionalAmountValue } from '../../ui/amountInput';
import { displayCurrency, moneyInputText } from '../../ui/money';
import { currencyOfMarker, minorUnits } from '../../../shared/currency';
import { rateToSend, validateReceiptCurrency, type ReceiptCurrencyErrors } from '../../entities/receipts/receiptCurrency';
import { withSharing, type SharingErrors, type SharingValues } from '../../entities/households/sharingForm';
import { newItem, receiptTaxError, validateReceiptBasics, type ReceiptBasics, type ReceiptBasicsErrors } from '../../entities/receipts/receiptRules';
import { deadlineBody } from '../../entities/receipts/deadlines';

/**
 * The review form as typed; numbers stay text until saved. The total is `amount`, as in every
 * receipt form; it becomes the scan payload's `total_amount` only in toScanPayload.
 */
export interface ScanFormValues extends ReceiptBasics {
  /** The tax the receipt prints (the scan fills it in); empty: none. */
  tax: string;
  /** The currency printed on the receipt (the total, tax and prices are in it), and a typed rate to the home one (empty: the rates table's). */
  currency: string;
  rate: string;
  /** Category id; empty leaves it to the API (the items' 'food' picks Food). */
  categoryId: string;
  /** Who shares it; left out: not shared. */
  sharing?: SharingValues;
}

export interface ScanFormErrors extends ReceiptBasicsErrors, ReceiptCurrencyErrors {
  tax?: string;
  sharing?: SharingErrors;
}

/** The category a scanned receipt starts in: the one named like the default item category. */
export function defaultCategoryId(categories: ReadonlyArray<{ _id: string; name: string }>): string {
  return categories.find((c) => c.name.trim().toLowerCase() === DEFAULT_ITEM_CATEGORY)?._id ?? '';
}

/** A blank form for typing a receipt in by hand (after a failed scan): dated today, in the home currency. */
export function manualScanForm(categoryId: string, today = todayIso(), home = displayCurrency()): ScanFormValues {
  return { store: '', date: today, amount: '', tax: '', currency: home, rate: '', categoryId, items: [] };
}

/** The currency a scanned receipt is in: the one its printed marker names ('RM' → MYR; '$' a dollar home currency, else USD), else the home one. */
export function scanCurrency(marker: string | null, home = displayCurrency()): string {
  return currencyOfMarker(marker, home) ?? home;
}

/**
 * What the scanner read, ready to review: in the currency the printed marker names ('RM' →
 * MYR; '$' a dollar home currency, else USD), else the home one. A date it could not read is left
 * for the person.
 */
export function scanFormValues(data: ProcessedData, categoryId: string, marker: string | null = null, home = displayCurrency()): ScanFormValues {
  const currency = scanCurrency(marker, home);
  const money = (amount: number | null) => moneyInputText(amount, currency);
  return {
    store: data.store_name,
    date: data.date ?? '',
    amount: money(data.total_amount),
    tax: money(data.tax),
    currency,
    rate: '',
    categoryId,
    // Each item as the person named and filed it before, and the name read, so a correction is learned.
    items: data.items.map((i) => ({
      ...newItem(),
      name: i.name,
      readAs: i.read_as ?? i.name,
      categoryId: i.category_id && i.category_id !== categoryId ? i.category_id : '',
      ...priceOfOne(i, currency),
    })),
  };
}

/**
 * The scanner reads each line's total ('3 Coffee 7.50'); the form asks for the price of one and
 * the quantity. A total that does not split into whole minor units stays one line of that total,
 * so the items still add up to what was printed.
 */
function priceOfOne(item: ScannedItem, currency: string): { price: string; quantity: string } {
  const quantity = item.quantity > 0 ? item.quantity : DEFAULT_SCAN_QUANTITY;
  const scale = 10 ** minorUnits(currency);
  const lineMinor = Math.round(item.price * scale);
  if (Number.isInteger(quantity) && lineMinor % quantity === 0)
    return { price: moneyInputText(lineMinor / quantity / scale, currency), quantity: String(quantity) };
  return { price: moneyInputText(item.price, currency), quantity: String(DEFAULT_SCAN_QUANTITY) };
}

/**
 * Store, date and total are required; money has at most the currency's decimals; the tax is
 * not more than the total; items need a name, a price and a quantity above 0; a known currency
 * and a well-formed rate. The rules are the receipt form's, so both screens agree.
 */
export function validateScanForm(values: ScanFormValues): ScanFormErrors {
  const errors: ScanFormErrors = validateReceiptBasics(values, 'Total');
  const tax = receiptTaxError(values, Boolean(errors.amount), 'Total');
  if (tax) errors.tax = tax;
  return { ...errors, ...validateReceiptCurrency(values) };
}

/**
 * The category a scan proposes: the one this person chose for the store before, while it still
 * exists, else `fallback`.
 */
export function proposedCategoryId(suggested: string | null, categories: ReadonlyArray<{ _id: string }>, fallback: string): string {
  return suggested && categories.some((c) => c._id === suggested) ? suggested : fallback;
}

/**
 * What a review form opens with: what the scan read, in the category it proposes, or a blank
 * form to type by hand when there is no scan. Read once, when the form mounts.
 */
export function reviewFormValues(scan: ScanReceiptResult | null, categories: ReadonlyArray<{ _id: string; name: string }>): ScanFormValues {
  const fallback = defaultCategoryId(categories);
  return scan
    ? scanFormValues(scan.processed_data, proposedCategoryId(scan.suggested_category_id, categories, fallback), scan.currency)
    : manualScanForm(fallback);
}

/**
 * Spec §3 "Receipt (save payload from scan)", with the chosen image and category, and the scan's
 * scan_ref so Tally learns the store name and category the person saved, and its read_id so it
 * counts whether they were saved as read; a shared receipt's household, payer and who each item is for.
 */
export function toScanPayload(values: ScanFormValues, imageDataUrl: string | null, scanRef?: string, readId?: string): ScanReceiptBody {
  const body: ScanReceiptBody = {
    store_name: values.store.trim(),
    date: values.date.trim(),
    total_amount: amountInputValue(values.amount, values.currency),
    currency: values.currency,
    tax: optionalAmountValue(values.tax, values.currency),
    items: values.items.map((i) => ({
      id: null,
      name: i.name.trim(),
      price: amountInputValue(i.price, values.currency),
      quantity: Number(i.quantity.trim()),
      // With the receipt's category chosen each item names its own (the receipt's by default);
      // without one, spec §3's default lets the API choose.
      category: i.categoryId || values.categoryId || DEFAULT_ITEM_CATEGORY,
      ...(i.readAs && { read_as: i.readAs }),
      ...deadlineBody(i, false),
      assigned_to: null,
      shared_with: [],
    })),
    image_url: imageDataUrl,
    is_shared: false,
    shared_expenses: [],
    ...deadlineBody(values, false),
  };
  const rate = rateToSend(values);
  if (rate !== undefined) body.rate = rate;
  if (values.categoryId) body.category = values.categoryId;
  if (scanRef) body.scan_ref = scanRef;
  if (readId) body.scan_read_id = readId;
  return withSharing(body, values);
}
