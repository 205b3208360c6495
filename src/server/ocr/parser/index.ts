/**
 * Receipt text -> structured fields. Each field has its own module; this file only decides
 * where the header, item and totals regions are and assembles the result.
 */
import { pickDate, type DateOrder } from './date';
import { parseItems, type ReceiptItem } from './items';
import { pickStoreName } from './store';
import { parseTotals } from './total';
import { toLines } from './text';

export type { DateOrder } from './date';
export type { ReceiptItem } from './items';

export interface ParsedReceipt {
  store_name: string;
  date: string | null;
  total_amount: number | null;
  items: ReceiptItem[];
  tax: number | null;
}

export interface ParseOptions {
  dateOrder: DateOrder;
  /** Optional OCR confidence (0-100) of each line of `raw`, by line index. */
  lineConf?: number[];
  /** Reference day for date plausibility (default: now). */
  today?: Date;
}

/** Parse result plus a score of how complete/consistent it is (used to pick between OCR passes). */
export interface DetailedParse {
  receipt: ParsedReceipt;
  quality: number;
  /** Raw-text line indexes the store name was read from, and how sure the pick is. */
  storeLines: number[];
  storeScore: number;
}

/** Store name from the text of the receipt's header alone (e.g. a closer re-read of it). */
export function parseStoreFromHeader(raw: string, lineConf?: number[]): { name: string; score: number } {
  const pick = pickStoreName(toLines(raw ?? ''), null, lineConf);
  return { name: pick.name, score: pick.score };
}

export function parseReceipt(raw: string, opts: ParseOptions): ParsedReceipt {
  return parseReceiptDetailed(raw, opts).receipt;
}

export function parseReceiptDetailed(raw: string, opts: ParseOptions): DetailedParse {
  const lines = toLines(raw ?? '');
  const totals = parseTotals(lines);
  // Items sit between the header and the first summary line (subtotal/total).
  const itemsEnd = totals.summaryStart ?? totals.totalPos ?? lines.length;
  const firstMoney = lines.findIndex((l) => /\d[.,]\d{2}(?!\d)/.test(l.text));
  const store = pickStoreName(lines, firstMoney >= 0 ? firstMoney : null, opts.lineConf);
  const items = parseItems(lines, 0, itemsEnd);
  const date = pickDate(lines, opts.dateOrder, opts.today);
  const receipt: ParsedReceipt = {
    store_name: store.name,
    date: date?.date ?? null,
    total_amount: totals.total,
    items,
    tax: totals.tax,
  };
  const quality = 2 * totals.confidence + (receipt.date ? 1 : 0) + (receipt.store_name ? 0.5 : 0);
  return {
    receipt,
    quality,
    storeLines: store.used.map((i) => lines[i].index),
    storeScore: store.score,
  };
}
