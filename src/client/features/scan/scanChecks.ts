import type { ProcessedData, ScanConfidence, ScanField } from '../../../shared/scan';
import { UNSURE_BELOW } from '../../../shared/constants/scan';
import { amountInputError, amountInputValue } from '../../ui/amountInput';
import type { ScanFormValues } from './scanForm';

/**
 * What the review form asks a person to check first: fields the scanner could not read, fields
 * it was not sure of, and items that do not add up to the total. Pure, so the words are tested.
 */

export const SCAN_FIELDS: readonly ScanField[] = ['store_name', 'date', 'total_amount'];

/** How a field is named in a sentence. */
const SPOKEN: Record<ScanField, string> = { store_name: 'store name', date: 'date', total_amount: 'total' };

/** The form field each scanned field fills. */
export const FORM_FIELD: Record<ScanField, 'store' | 'date' | 'total'> = { store_name: 'store', date: 'date', total_amount: 'total' };

/** Fields the scanner found nothing for. */
export function unreadFields(data: ProcessedData): ScanField[] {
  return SCAN_FIELDS.filter((f) => (f === 'store_name' ? !data.store_name.trim() : data[f] === null));
}

/** Fields it read but is not sure of (below UNSURE_BELOW). */
export function unsureFields(data: ProcessedData, confidence: ScanConfidence): ScanField[] {
  const unread = unreadFields(data);
  return SCAN_FIELDS.filter((f) => confidence[f] < UNSURE_BELOW && !unread.includes(f));
}

/** 'the total', 'the store name and total', 'the store name, date and total'. */
export function spokenList(fields: readonly ScanField[]): string {
  const words = fields.map((f) => SPOKEN[f]);
  return `the ${words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words[0]}`;
}

export function unreadMessage(fields: readonly ScanField[]): string {
  return `The scanner could not read ${spokenList(fields)}. Please enter ${fields.length > 1 ? 'them' : 'it'} from the receipt.`;
}

export function unsureMessage(fields: readonly ScanField[]): string {
  return `Please check ${spokenList(fields)}: the scanner was not sure of ${fields.length > 1 ? 'them' : 'it'}.`;
}

const cents = (text: string) => Math.round(amountInputValue(text) * 100);
/** Typed in and an amount (the form's own messages say what is wrong otherwise). */
const isAmount = (text: string) => text.trim() !== '' && amountInputError(text, { label: 'Amount', allowNegative: true }) === undefined;
const money = (c: number) => (c / 100).toFixed(2);

/**
 * Why the items do not add up to the total, or null when they do (with or without the tax the
 * receipt printed), when there are no items, or while an amount is not a valid number yet.
 */
export function itemsMismatch(values: Pick<ScanFormValues, 'total' | 'items'>, tax: number | null): string | null {
  if (!values.items.length || !isAmount(values.total)) return null;
  let sum = 0;
  for (const item of values.items) {
    const quantity = Number(item.quantity.trim());
    if (!isAmount(item.price) || !(quantity > 0)) return null;
    sum += Math.round(cents(item.price) * quantity);
  }
  const total = cents(values.total);
  const taxCents = tax === null ? 0 : Math.round(tax * 100);
  // A cent either way: receipts round each line.
  const close = (a: number) => Math.abs(a - total) <= 1;
  if (close(sum) || (taxCents && close(sum + taxCents))) return null;
  const withTax = taxCents ? ` (${money(sum + taxCents)} with the tax of ${money(taxCents)})` : '';
  return `The items add up to ${money(sum)}${withTax}, not the total of ${money(total)}. Please check the items and the total.`;
}
