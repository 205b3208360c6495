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

/** The form field each scanned field fills (the total is the form's amount). */
export const FORM_FIELD: Record<ScanField, 'store' | 'date' | 'amount'> = { store_name: 'store', date: 'date', total_amount: 'amount' };

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
const printedCents = (amount: number | null | undefined) => (amount ? Math.round(Math.abs(amount) * 100) : 0);

/** What the receipt prints besides its items, as the scan read it (the tax is the form's, which the person may correct). */
export type PrintedCharges = Pick<ProcessedData, 'tax_included' | 'tip' | 'discount'>;

/**
 * A sum agrees with the total to the cent either way (receipts round each line), or to two cents
 * where the total is a multiple of five (cash rounding, as where there are no one-cent coins).
 */
function agrees(sum: number, total: number): boolean {
  const off = Math.abs(sum - total);
  return off <= 1 || (total % 5 === 0 && off <= 2);
}

/** 'the tax of 0.77 and the tip of 2.00', with 'less the discount of 1.00' after. */
function chargesSpoken(tax: number, tip: number, discount: number): string {
  const added = [tax ? `the tax of ${money(tax)}` : '', tip ? `the tip of ${money(tip)}` : ''].filter(Boolean);
  return [added.length ? `with ${added.join(' and ')}` : '', discount ? `less the discount of ${money(discount)}` : ''].filter(Boolean).join(', ');
}

/**
 * Why the items do not add up to the total and by how much (never blocking the save: Tally keeps
 * the total as read and never invents one from the items), or null when they do, when there are no items, or
 * while an amount is not a valid number yet. They add up when items + tax + tip − discount come
 * to the total; the tax is not added where the prices include it (VAT or GST inclusive). A tax,
 * tip or discount the scan read wrongly cannot make right items warn: without them they may add
 * up too.
 */
export function itemsMismatch(values: Pick<ScanFormValues, 'amount' | 'tax' | 'items'>, printed: PrintedCharges): string | null {
  if (!values.items.length || !isAmount(values.amount)) return null;
  if (values.tax.trim() && !isAmount(values.tax)) return null;
  let sum = 0;
  for (const item of values.items) {
    const quantity = Number(item.quantity.trim());
    if (!isAmount(item.price) || !(quantity > 0)) return null;
    sum += Math.round(cents(item.price) * quantity);
  }
  const total = cents(values.amount);
  const tax = printed.tax_included || !values.tax.trim() ? 0 : cents(values.tax);
  const extras = printedCents(printed.tip) - printedCents(printed.discount);
  if ([sum + tax + extras, sum + extras, sum + tax, sum].some((s) => agrees(s, total))) return null;
  const spoken = chargesSpoken(tax, printedCents(printed.tip), printedCents(printed.discount));
  const counted = sum + tax + extras;
  const withCharges = spoken ? ` (${money(counted)} ${spoken})` : '';
  // By how much, so a person sees at a glance whether one item is missing; the save stays open.
  const gap = `${money(Math.abs(total - counted))} ${counted < total ? 'less' : 'more'}`;
  return `The items add up to ${money(sum)}${withCharges}: ${gap} than the total of ${money(total)}. Please check the items and the total; you can still save.`;
}
