/**
 * Receipt text -> structured fields. Each field has its own module; this file only decides
 * where the header, item and totals regions are and assembles the result.
 */
import { rank, WEIGHTS, type Features, type Weights } from '../picker/model';
import type { DateOrder } from './date';
import { dateCandidates, type DateCandidate } from './dateCandidates';
import { readCharges, type Charges } from './charges';
import { parseReceiptItems, type ReceiptItem } from './items';
import { cannotBeName, storeCandidates, type LineLayout, type StoreCandidate } from './storeCandidates';
import { parseTotals, splitSummaryLines, type TotalsResult } from './total';
import { totalCandidates, type TotalCandidate } from './totalCandidates';
import { round2, toLines, type Line } from './text';
import { dateWhy, storeWhy, totalWhy, type FieldReasons } from './reasons';

export type { DateOrder } from './date';
export type { ReceiptItem } from './items';
export type { LineLayout } from './storeCandidates';
export type { FieldReasons } from './reasons';

export interface ParsedReceipt {
  store_name: string;
  date: string | null;
  total_amount: number | null;
  items: ReceiptItem[];
  /** The tax printed, added to the prices or included in them; null when none is. */
  tax: number | null;
  /** The item prices already include the tax (VAT or GST inclusive), so it is not added to them again. */
  tax_included: boolean;
  /** Tips, gratuities and service charges printed below the items; null when none is. */
  tip: number | null;
  /** Discounts, coupons and voids printed, as a positive amount taken off the items; null when none is. */
  discount: number | null;
}

export interface ParseOptions {
  dateOrder: DateOrder;
  /** Optional OCR confidence (0-100) of each line of `raw`, by line index. */
  lineConf?: number[];
  /** Reference day for date plausibility (default: now). */
  today?: Date;
  /** Where each raw line was printed (by raw line index), when the engine knows. */
  layout?: (LineLayout | undefined)[];
}

/** Parse result plus a score of how complete/consistent it is (used to pick between OCR passes). */
export interface DetailedParse {
  receipt: ParsedReceipt;
  quality: number;
  /** Raw-text line indexes the store name was read from, and how sure the pick is. */
  storeLines: number[];
  storeScore: number;
  confidence: FieldConfidence;
  /** Why each field read was chosen (reasons.ts). */
  reasons: FieldReasons;
  /** Every candidate the picks were made from, for a person's own weights to rank again. */
  candidates: ReceiptCandidates;
}

/** How sure the parse is of each field, 0-1. */
export interface FieldConfidence {
  store_name: number;
  date: number;
  total_amount: number;
}

export function parseReceipt(raw: string, opts: ParseOptions): ParsedReceipt {
  return parseReceiptDetailed(raw, opts).receipt;
}

/** Every candidate of every picked field, with its features: what the model ranks and the trainer learns from. */
export interface ReceiptCandidates {
  lines: Line[];
  store: StoreCandidate[];
  total: TotalCandidate[];
  date: DateCandidate[];
  items: ReceiptItem[];
  /** The lines the totals are read from (summary fields printed side by side split apart), and where the items end among them. */
  body: Line[];
  itemsEnd: number;
  itemsSum: number | null;
}

export function receiptCandidates(raw: string, opts: ParseOptions): ReceiptCandidates {
  const lines = toLines(raw ?? '');
  const body = splitSummaryLines(lines);
  const totals = parseTotals(body);
  // Items sit between the header and the first summary line (subtotal/total).
  const itemsEnd = totals.summaryStart ?? totals.totalPos ?? body.length;
  const items = parseReceiptItems(body, itemsEnd, itemSums(totals));
  const itemsSum = items.length ? round2(items.reduce((a, it) => a + it.price, 0)) : null;
  const total = totalCandidates(body, itemsSum);
  return {
    lines,
    store: nameLike(storeCandidates(lines, opts.layout)),
    total: total.candidates,
    date: dateCandidates(lines, opts.dateOrder, opts.today ?? new Date()),
    items,
    body,
    itemsEnd,
    itemsSum,
  };
}

/** What the items can add up to: the subtotal, the total, and the total less its tax. */
function itemSums(totals: TotalsResult): number[] {
  const { subtotal, total, tax } = totals;
  return [subtotal, total, total !== null && tax !== null ? round2(total - tax) : null].filter((s): s is number => s !== null && s > 0);
}

/** The candidates that could be a name: better no name than a header field for one. */
function nameLike(cands: StoreCandidate[]): StoreCandidate[] {
  return cands.filter((c) => !cannotBeName(c.features));
}

/** The "none of these" option: its weight is what the model learned of receipts whose value was not among the candidates. */
const NONE: Features = { none: 1 };

function best<T>(weights: Weights, candidates: { value: T; features: Features }[]): { value: T | null; p: number; index: number } {
  const ranked = rank(weights, [...candidates.map((c, index) => ({ value: index, features: c.features })), { value: -1, features: NONE }]);
  const top = ranked.find((r) => r.value >= 0);
  return top ? { value: candidates[top.value].value, p: top.p, index: top.value } : { value: null, p: 0, index: -1 };
}

/**
 * The receipt checks itself: a total no sum confirms gives way to one that two independent sums
 * agree on (subtotal + tax and charges, and cash − change), and a total before cash rounding to
 * the rounded amount printed with its adjustment.
 */
function checkedTotal(pick: { value: number | null; p: number; index: number }, cands: TotalCandidate[]): { value: number | null; p: number; index: number } {
  if (pick.index < 0) return pick;
  // A total printed before cash rounding gives way to the rounded amount printed under it (as a
  // total, or as the cash paid), when the printed adjustment says so: the amount paid is the one
  // after rounding.
  const picked = cands[pick.index];
  const rounded = cands.findIndex(
    (c) =>
      c.features.rounding_applied === 1 &&
      c.features.total + c.features.rounded + c.features.rounding_total + c.features.cash_rounding_of_total > 0 &&
      Math.abs(c.value - picked.value) < 0.05 &&
      c.value !== picked.value,
  );
  if (picked.features.rounds_to_printed === 1 && rounded >= 0) return { value: cands[rounded].value, p: pick.p, index: rounded };
  if (picked.features.votes > 0) return pick;
  const agreed = cands.findIndex((c) => c.features.eq_chain === 1 && c.features.eq_cash_less_change === 1);
  if (agreed >= 0) return { value: cands[agreed].value, p: Math.max(0.75, pick.p), index: agreed };
  return pick;
}

/**
 * An even chance: an amount that no total label names and no sum of the receipt confirms is a
 * guess, however it ranks among the receipt's amounts, and the review screen (which marks fields
 * below UNSURE_BELOW) asks a person to check it first.
 */
const UNCONFIRMED_GUESS = 0.5;

function totalConfidence(pick: { p: number; index: number }, cands: TotalCandidate[]): number {
  const f = pick.index >= 0 ? cands[pick.index].features : null;
  return f && f.unlabelled_only === 1 && f.votes === 0 ? Math.min(pick.p, UNCONFIRMED_GUESS) : pick.p;
}

function chargesFields(c: Charges): Pick<ParsedReceipt, 'tax' | 'tax_included' | 'tip' | 'discount'> {
  return { tax: c.tax, tax_included: c.taxIncluded, tip: c.tip, discount: c.discount };
}

export function parseReceiptDetailed(raw: string, opts: ParseOptions): DetailedParse {
  const c = receiptCandidates(raw, opts);
  const store = best(WEIGHTS.store, c.store);
  const date = best(WEIGHTS.date, c.date);
  const total = checkedTotal(best(WEIGHTS.total, c.total), c.total);
  const charges = readCharges(c.body, { itemsEnd: c.itemsEnd, itemsSum: c.itemsSum, total: total.value });
  const receipt: ParsedReceipt = {
    store_name: store.value ?? '',
    date: date.value,
    total_amount: total.value,
    items: c.items,
    ...chargesFields(charges),
  };
  const confidence = { store_name: store.p, date: date.p, total_amount: totalConfidence(total, c.total) };
  return {
    receipt,
    quality: 2 * confidence.total_amount + confidence.date + 0.5 * confidence.store_name,
    storeLines: store.index >= 0 ? c.store[store.index].used.map((i) => c.lines[i].index) : [],
    storeScore: confidence.store_name,
    confidence,
    reasons: {
      ...(store.index >= 0 && { store_name: storeWhy(c.store[store.index], c.lines) }),
      ...(date.index >= 0 && { date: dateWhy(c.date[date.index]) }),
      ...(total.index >= 0 && { total_amount: totalWhy(c.total[total.index], c.body) }),
    },
    candidates: c,
  };
}
