import type { ScanConfidence, ScanField, ScanReasons } from '../../../shared/scan';
import { UNSURE_BELOW, type TotalSum } from '../../../shared/constants/scan';

/**
 * The scanner's reasons in a few words, one place for all of them (issue 52): 'Total: labelled
 * TOTAL, and items + tax add up to it', 'Date: printed as 04/28/2018', 'Store: first line of the
 * header — please check'. The server sends codes and the text read; the words are the client's.
 */

const SUM_WORDS: Record<TotalSum, string> = {
  items: 'the items add up to it',
  items_tax: 'items + tax add up to it',
  subtotal_charges: 'subtotal + tax add up to it',
  cash_less_change: 'cash − change comes to it',
};

export const PLEASE_CHECK = 'please check';

function storeText(r: NonNullable<ScanReasons['store_name']>): string {
  switch (r.code) {
    case 'memory':
      return 'Store: as you saved it for this store before';
    case 'first_line':
      return 'Store: first line of the header';
    case 'header_line':
      return `Store: header line “${r.printed}”`;
    case 'joined_lines':
      return `Store: header lines joined, “${r.printed}”`;
  }
}

function dateText(r: NonNullable<ScanReasons['date']>): string {
  const printed = `Date: printed as ${r.printed}`;
  switch (r.code) {
    case 'date_label':
      return `${printed} on the date line`;
    case 'time_beside':
      return `${printed} beside the time`;
    case 'first_date':
      return `${printed}, the first date on it`;
    case 'other_date':
      return printed;
  }
}

function totalText(r: NonNullable<ScanReasons['total_amount']>): string {
  const sum = r.sums.length ? SUM_WORDS[r.sums[0]] : null;
  const label = r.printed ? `labelled ${r.printed}` : 'labelled as the total';
  switch (r.code) {
    case 'label_and_sum':
      return `Total: ${label}, and ${sum ?? 'a sum agrees'}`;
    case 'label':
      return `Total: ${label}`;
    case 'sum':
      return `Total: ${sum ?? 'a sum of the receipt agrees'}`;
    case 'repaired':
      return `Total: ${sum ?? 'a sum of the receipt agrees'}; the printed total looks misread`;
    case 'cash_rounded':
      return 'Total: after the cash rounding printed';
    case 'guess':
      return 'Total: no label or sum confirms it';
  }
}

/**
 * Why the scanner chose `field`, in words, with 'please check' where it is not sure; undefined
 * when it gave no reason (nothing read, or a draft read before reasons were sent).
 */
export function reasonText(field: ScanField, reasons: ScanReasons | undefined, confidence: ScanConfidence): string | undefined {
  if (!reasons) return undefined;
  let text: string | undefined;
  if (field === 'store_name' && reasons.store_name) text = storeText(reasons.store_name);
  if (field === 'date' && reasons.date) text = dateText(reasons.date);
  if (field === 'total_amount' && reasons.total_amount) text = totalText(reasons.total_amount);
  if (!text) return undefined;
  // A name remembered from this person's own save was not read from the PDF's text.
  const remembered = field === 'store_name' && reasons.store_name?.code === 'memory';
  if (reasons.text_layer && !remembered) text += ", in the PDF's text";
  return confidence[field] < UNSURE_BELOW ? `${text} — ${PLEASE_CHECK}` : text;
}
