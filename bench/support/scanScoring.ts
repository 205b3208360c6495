/**
 * Scoring a scan against a dataset label, by the datasets' README rules: store compared
 * case-insensitively with white space collapsed, dates as YYYY-MM-DD, totals to the cent, items
 * matched one-to-one by price and at least half the label's words. The datasets label no tax:
 * the tax each receipt prints was read off the images by hand (scanTaxLabels.json, null where a
 * receipt prints none or 0.00), and is compared to the cent.
 */
import type { ScanResult } from '../../src/server/ocr';
import { itemsMismatch } from '../../src/client/features/scan/scanChecks';
import { scanFormValues } from '../../src/client/features/scan/scanForm';
import { receiptCandidates } from '../../src/server/ocr/parser';
import { datesInLine } from '../../src/server/ocr/parser/date';
import { findMoney, toLines } from '../../src/server/ocr/parser/text';

export interface Label {
  company?: string | null;
  date?: string | null;
  total?: string | number | null;
  items?: { name: string; price: string | number; quantity?: number }[];
  /** The tax printed, by hand from the image (scanTaxLabels.json); null: none printed; undefined: not labelled. */
  tax?: number | null;
}

/** How the tax read compares with the one printed: 'none' when neither has one (0.00 counts as none). */
export type TaxOutcome = 'exact' | 'wrong' | 'missed' | 'spurious' | 'none';

export function taxOutcome(read: number | null, printed: number | null): TaxOutcome {
  const r = read ? Math.round(read * 100) : 0;
  const p = printed ? Math.round(printed * 100) : 0;
  if (!p) return r ? 'spurious' : 'none';
  if (!r) return 'missed';
  return r === p ? 'exact' : 'wrong';
}

/**
 * What the review form's items check says. `labelled`: with the label's items and total typed in
 * (everything right, so a warning is a false one), and what the scan read of tax and the rest;
 * null without item labels. `scanned`: on the form as the scan filled it, and whether its items
 * and total were right (same sum and total to the cent as the label).
 */
export interface ItemsCheckOutcome {
  labelledWarns: boolean | null;
  scannedWarns: boolean;
  scannedRight: boolean | null;
}

function itemsCheck(p: ScanResult['processed_data'], label: Label): ItemsCheckOutcome {
  const warns = (data: ScanResult['processed_data']) => {
    const values = scanFormValues(data, '', null, 'USD');
    return itemsMismatch(values, data) !== null;
  };
  const goldItems = Array.isArray(label.items) && label.items.length && cents(label.total) !== null ? label.items : null;
  const goldSum = goldItems ? goldItems.reduce((a, i) => a + (cents(i.price) ?? 0), 0) : null;
  const scannedSum = p.items.reduce((a, i) => a + Math.round(i.price * 100), 0);
  return {
    labelledWarns: goldItems
      ? warns({
          ...p,
          total_amount: cents(label.total)! / 100,
          items: goldItems.map((i) => ({ name: i.name, price: cents(i.price)! / 100, quantity: 1, category: 'food' })),
        })
      : null,
    scannedWarns: warns(p),
    scannedRight:
      goldSum === null ? null : goldSum === scannedSum && cents(label.total) === (p.total_amount === null ? null : Math.round(p.total_amount * 100)),
  };
}

type Field = 'store' | 'date' | 'total';

export interface Outcome {
  ok: Record<Field, boolean>;
  /** The right value is somewhere in the recognised text (the OCR's ceiling for the parser). */
  inText: Record<Field, boolean>;
  /** The right value is one of the picker's candidates, exactly as it would be returned (the picker's ceiling). */
  inCandidates: Record<Field, boolean>;
  conf: Record<Field, number>;
  items: { matched: number; predicted: number; labelled: number; named: number; priced: number; labelAddsUp: boolean } | null;
  /** Undefined where the receipt's tax is not labelled. */
  tax?: TaxOutcome;
  itemsCheck: ItemsCheckOutcome;
}

export const normStore = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

export const cents = (v: string | number | null | undefined): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(
    String(v)
      .replace(/^\s*(RM|MYR|\$|USD)\s*/i, '')
      .replace(/,/g, ''),
  );
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A label date as printed (30/03/2018, 01-03-18, 25 MAR 2018, 14/MAY/2017) as YYYY-MM-DD. */
export function labelDate(s: string | null | undefined, order: 'DMY' | 'MDY'): string | null {
  if (!s) return null;
  const t = s.trim();
  const fmt = (y: number, mo: number, d: number) => `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const year = (v: string) => (v.length === 2 ? 2000 + +v : +v);
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (m) return fmt(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2,4})$/.exec(t);
  if (m) return order === 'DMY' ? fmt(year(m[3]), +m[2], +m[1]) : fmt(year(m[3]), +m[1], +m[2]);
  m = /^(\d{1,2})[\s/.-]*([A-Za-z]{3})[A-Za-z]*[\s,/.-]*(\d{2,4})$/.exec(t);
  if (m) return fmt(year(m[3]), MONTHS.indexOf(m[2].toLowerCase()) + 1, +m[1]);
  m = /^([A-Za-z]{3})[A-Za-z]*\s+(\d{1,2}),?\s+(\d{2,4})$/.exec(t);
  if (m) return fmt(year(m[3]), MONTHS.indexOf(m[1].toLowerCase()) + 1, +m[2]);
  return t;
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
const squeeze = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** At least half the label's words are among the read item's name. */
function sameName(readName: string, labelName: string): boolean {
  const gw = words(labelName);
  const pw = new Set(words(readName));
  return gw.filter((w) => pw.has(w)).length * 2 >= gw.length;
}

/** Greedy one-to-one item matching: same line price to the cent, >= half the label's words. */
export function matchItems(pred: { name: string; price: number }[], gold: { name: string; price: string | number }[]): number {
  const used = new Set<number>();
  let hits = 0;
  for (const g of gold) {
    const gp = cents(g.price);
    const idx = pred.findIndex((p, i) => !used.has(i) && Math.round(p.price * 100) === gp && sameName(p.name, g.name));
    if (idx >= 0) {
      used.add(idx);
      hits++;
    }
  }
  return hits;
}

/**
 * The label's items found by name alone (one-to-one, one with the right price first), and how
 * many of those have the price to the cent: whether the prices are read right, apart from the names.
 */
export function itemPrices(pred: { name: string; price: number }[], gold: { name: string; price: string | number }[]): { named: number; priced: number } {
  const used = new Set<number>();
  let named = 0;
  let priced = 0;
  for (const g of gold) {
    const gp = cents(g.price);
    const candidates = pred.map((p, i) => i).filter((i) => !used.has(i) && sameName(pred[i].name, g.name));
    if (!candidates.length) continue;
    const idx = candidates.find((i) => Math.round(pred[i].price * 100) === gp) ?? candidates[0];
    used.add(idx);
    named++;
    if (Math.round(pred[idx].price * 100) === gp) priced++;
  }
  return { named, priced };
}

/**
 * The label's items add up to an amount printed on the receipt (its subtotal, mostly). Where
 * they do not, the label is suspect: labels were seen to give a count's line total where the
 * receipt prints it already multiplied, and to pair names with the prices of the next row.
 */
export function labelAddsUp(gold: { price: string | number }[], lines: { text: string }[]): boolean {
  const sum = gold.reduce((a, g) => a + (cents(g.price) ?? 0), 0);
  return lines.some((l) => findMoney(l.text).some((m) => Math.round(m.value * 100) === sum));
}

export function evaluate(res: ScanResult, label: Label, order: 'DMY' | 'MDY'): Outcome {
  const p = res.processed_data;
  const gold = { date: labelDate(label.date, order), total: cents(label.total) };
  const lines = toLines(res.raw_text);
  const store = squeeze(label.company ?? '');
  const cands = receiptCandidates(res.raw_text, { dateOrder: order });
  return {
    ok: {
      store: normStore(p.store_name) === normStore(label.company),
      date: p.date === gold.date,
      total: (p.total_amount === null ? null : Math.round(p.total_amount * 100)) === gold.total,
    },
    inText: {
      // Spacing and punctuation aside: engines differ most in the spaces they print.
      store: store.length > 0 && squeeze(res.raw_text).includes(store),
      date: gold.date !== null && lines.some((l) => datesInLine(l.text, order).some((d) => d.date === gold.date)),
      total: gold.total !== null && lines.some((l) => findMoney(l.text).some((m) => Math.round(m.value * 100) === gold.total)),
    },
    inCandidates: {
      store: store.length > 0 && cands.store.some((c) => normStore(c.value) === normStore(label.company)),
      date: gold.date !== null && cands.date.some((c) => c.value === gold.date),
      total: gold.total !== null && cands.total.some((c) => Math.round(c.value * 100) === gold.total),
    },
    conf: { store: res.confidence.store_name, date: res.confidence.date, total: res.confidence.total_amount },
    items: Array.isArray(label.items)
      ? {
          matched: matchItems(p.items, label.items),
          predicted: p.items.length,
          labelled: label.items.length,
          ...itemPrices(p.items, label.items),
          labelAddsUp: labelAddsUp(label.items, lines),
        }
      : null,
    tax: label.tax === undefined ? undefined : taxOutcome(p.tax, label.tax),
    itemsCheck: itemsCheck(p, label),
  };
}
