/**
 * Why each field is what it is: a code and the text it was read from, taken from the chosen
 * candidate's features after the pick, so explaining never changes what is picked. The review
 * screen words them (the client's scanReasonText.ts) and adds 'please check' where the
 * confidence is low.
 */
import { MAX_REASON_TEXT, type DateReason, type StoreReason, type TotalReason, type TotalSum } from '../../../shared/constants/scan';
import type { DateCandidate } from './dateCandidates';
import type { StoreCandidate } from './storeCandidates';
import type { Line } from './text';
import type { TotalCandidate } from './totalCandidates';

export interface StoreWhy {
  code: StoreReason;
  /** The header line(s) the name was read from, as read. */
  printed: string;
}

export interface DateWhy {
  code: DateReason;
  /** The date as printed ('04/28/2018'). */
  printed: string;
}

export interface TotalWhy {
  code: TotalReason;
  /** The label of the line the total stands on ('GRAND TOTAL'), or '' where no line prints it. */
  printed: string;
  /** The receipt's own sums that come to it. */
  sums: TotalSum[];
}

/** Why each field read was chosen; a field with nothing read has none. */
export interface FieldReasons {
  store_name?: StoreWhy;
  date?: DateWhy;
  total_amount?: TotalWhy;
  /** Read from a PDF's text layer: its letters and digits are exact. */
  text_layer?: boolean;
}

const clip = (s: string) => (s.length > MAX_REASON_TEXT ? `${s.slice(0, MAX_REASON_TEXT - 1)}…` : s);

export function storeWhy(c: StoreCandidate, lines: Line[]): StoreWhy {
  const code: StoreReason = c.used.length > 1 ? 'joined_lines' : c.features.first_wordy === 1 ? 'first_line' : 'header_line';
  return { code, printed: clip(c.used.map((i) => lines[i].text).join(' / ')) };
}

export function dateWhy(c: DateCandidate): DateWhy {
  const f = c.features;
  const code: DateReason = f.date_label === 1 ? 'date_label' : f.time_beside === 1 ? 'time_beside' : f.first_date === 1 ? 'first_date' : 'other_date';
  return { code, printed: clip(c.printed) };
}

/** A total label (GRAND TOTAL, AMOUNT DUE, a rounded total) names this amount. */
const labelled = (c: TotalCandidate) => c.features.total + c.features.strong + c.features.rounded + c.features.rounding_total > 0;

/** The label of a line: its text without the amounts and currency markers printed on it. */
export function labelOf(text: string): string {
  const words = text
    .split(/\s+/)
    .filter((w) => !/\d/.test(w) && !/^(?:RM|MYR|USD|EUR|GBP|SGD|[$€£¥:=*-])+$/i.test(w))
    .join(' ')
    .replace(/[\s:=*-]+$/, '');
  return words || text;
}

export function totalWhy(c: TotalCandidate, body: Line[]): TotalWhy {
  const f = c.features;
  const sums: TotalSum[] = [];
  if (f.eq_items === 1) sums.push('items');
  if (f.eq_items_tax === 1) sums.push('items_tax');
  if (f.eq_chain === 1) sums.push('subtotal_charges');
  if (f.eq_cash_less_change === 1) sums.push('cash_less_change');
  const printed = c.at.length ? clip(labelOf(body[c.at[0]].text)) : '';
  let code: TotalReason;
  if (f.derived === 1)
    code = sums.length ? (f.repairs_label + f.repairs_printed > 0 ? 'repaired' : 'sum') : f.rounding_applied === 1 ? 'cash_rounded' : 'guess';
  else if (labelled(c)) code = sums.length ? 'label_and_sum' : 'label';
  else code = sums.length ? 'sum' : 'guess';
  return { code, printed, sums };
}
