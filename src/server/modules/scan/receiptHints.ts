import type { DateOrder } from '../../../shared/settings';

/**
 * Signs in the recognised text of how the receipt writes dates and money. Pure, so the scan
 * module can add them to any OCR engine's answer.
 */

/** Currency markers, most specific first ('S$' before '$'); the label is what the receipt prints. */
const CURRENCIES: ReadonlyArray<[label: string, re: RegExp]> = [
  ['RM', /\bRM(?=\s?\d|\b)/],
  ['MYR', /\bMYR\b/],
  ['S$', /\bS\$/],
  ['SGD', /\bSGD\b/],
  ['€', /€|\bEUR\b/],
  ['£', /£|\bGBP\b/],
  ['₹', /₹|\bINR\b/],
  ['A$', /\bA\$/],
  ['$', /\$/],
];

/** The currency marker printed on the receipt, or null when it prints none. */
export function currencyMarker(rawText: string): string | null {
  return CURRENCIES.find(([, re]) => re.test(rawText))?.[0] ?? null;
}

/** Currencies and tax words of places that write the day first. */
const DAY_FIRST_SIGNS = [/\bRM(?=\s?\d|\b)/, /\bMYR\b/, /\bS\$/, /\bSGD\b/, /\bGST\b/i, /\bSST\b/i, /€/, /£/, /₹/];

const NUMERIC_DATE = /(?<!\d)(\d{1,2})\s?[/.-]\s?(\d{1,2})\s?[/.-]\s?(\d{2}|\d{4})(?!\d)/g;

/**
 * The date order the receipt looks like it uses: a numeric date with a day above 12 decides
 * ('22/02/2018' is day first, '02/22/2018' month first); else a currency or tax word of a
 * day-first place (RM, GST, €, …) suggests day first. Null when there is no sign.
 */
export function suggestedDateOrder(rawText: string): DateOrder | null {
  for (const [, a, b] of rawText.matchAll(NUMERIC_DATE)) {
    const [first, second] = [Number(a), Number(b)];
    if (first > 12 && first <= 31 && second >= 1 && second <= 12) return 'DMY';
    if (second > 12 && second <= 31 && first >= 1 && first <= 12) return 'MDY';
  }
  return DAY_FIRST_SIGNS.some((re) => re.test(rawText)) ? 'DMY' : null;
}
