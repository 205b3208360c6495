/**
 * Candidates for the amount paid, each described by what the receipt says about it: the labels
 * of the lines it stands on, where it stands, how it compares with the other amounts, and which
 * of the receipt's own sums agree with it (subtotal + tax and charges − discounts, cash −
 * change, the items). Sums that no printed amount matches become candidates too: that is how a
 * misread digit on the total line is repaired when the arithmetic agrees.
 */
import { round2, findMoney, type Line, type Money } from './text';
import { amountFor, CHARGE_RE, classify, looseAmount, MINUS_RE, oneDigitOff, roundingAdjustment, STRONG_RE, TOT, type Kind } from './total';
import type { Features } from '../picker/model';

export interface TotalCandidate {
  value: number;
  features: Features;
  /** Positions (in the lines given) the amount stands on, those a total label names first; none for a sum no line prints. */
  at: number[];
}

interface Occurrence {
  pos: number;
  kind: Kind;
  strong: boolean;
  currency: boolean;
  table: boolean;
  loose: boolean;
}

const cents = (v: number) => Math.round(v * 100);
const near = (a: number | null, b: number) => a !== null && Math.abs(a - b) < 0.005;
/** Cash rounding to the nearest five cents, as countries without 1-cent coins print it. */
const roundedToFive = (v: number) => Math.round(cents(v) / 5) * 5;

/** Facts of the receipt's own arithmetic, read once per receipt. */
export interface ReceiptSums {
  subtotal: number | null;
  /** subtotal + taxes and charges − discounts printed below it, up to the payment lines. */
  chain: number | null;
  tax: number | null;
  /** cash − change for each pair printed. */
  cashLessChange: number[];
  /** Sum of the item prices, when there are items. */
  items: number | null;
}

export function receiptSums(lines: Line[], kinds: Kind[], amounts: (Money | null)[], itemsSum: number | null): ReceiptSums {
  const subPos = kinds.indexOf('subtotal');
  const subtotal = subPos >= 0 ? (amounts[subPos]?.value ?? null) : null;
  let chain: number | null = null;
  let tax: number | null = null;
  if (subtotal !== null) {
    let sum = subtotal;
    let changed = false;
    for (let i = subPos + 1; i < Math.min(lines.length, subPos + 10); i++) {
      const k = kinds[i];
      if (k === 'cash' || k === 'change' || k === 'card' || k === 'total' || k === 'rounded') break;
      const m = amounts[i];
      if (!m) continue;
      const neg = MINUS_RE.test(lines[i].text) || m.value < 0;
      if (k === 'tax') tax = round2((tax ?? 0) + m.value);
      if (k === 'tax' || (k === 'rounding' && Math.abs(m.value) < 1) || neg || CHARGE_RE.test(lines[i].text)) {
        sum += neg ? -Math.abs(m.value) : m.value;
        changed = true;
      }
    }
    chain = changed ? round2(sum) : null;
  }
  if (tax === null) {
    const taxes = kinds.map((k, i) => (k === 'tax' && amounts[i] && amounts[i]!.value > 0 ? amounts[i]!.value : 0));
    const t = round2(taxes.reduce((a, b) => a + b, 0));
    tax = t > 0 ? t : null;
  }
  const cash = kinds.flatMap((k, i) => (k === 'cash' && amounts[i] ? [amounts[i]!.value] : []));
  const change = kinds.flatMap((k, i) => (k === 'change' && amounts[i] ? [amounts[i]!.value] : []));
  const cashLessChange: number[] = [];
  for (const c of cash) for (const ch of change) if (c - ch > 0 && ch >= 0) cashLessChange.push(round2(c - ch));
  return { subtotal, chain, tax, cashLessChange, items: itemsSum };
}

export function totalCandidates(lines: Line[], itemsSum: number | null): { candidates: TotalCandidate[]; sums: ReceiptSums } {
  const n = Math.max(1, lines.length);
  const kinds = lines.map((l) => classify(l.text));
  const amounts = lines.map((_, i) => amountFor(lines, i));
  const sums = receiptSums(lines, kinds, amounts, itemsSum);
  const totalRe = new RegExp(TOT, 'i');
  const byValue = new Map<number, Occurrence[]>();
  const add = (value: number, occ: Occurrence) => {
    if (!(value > 0) || value > 1e6) return;
    const key = cents(value);
    byValue.set(key, [...(byValue.get(key) ?? []), occ]);
  };
  lines.forEach((line, pos) => {
    const all = findMoney(line.text);
    const labelled = amounts[pos];
    const strong = STRONG_RE.test(line.text) || (kinds[pos] === 'total' && totalRe.test(line.text) && /grand|nett?/i.test(line.text));
    for (const m of all) {
      // The amount a labelled line stands for carries its label; others on it are table cells.
      const own = labelled !== null && m.start === labelled.start;
      add(m.value, { pos, kind: own ? kinds[pos] : 'other', strong: own && strong, currency: m.currency, table: all.length > 1, loose: false });
    }
    if (!all.length && labelled) add(labelled.value, { pos, kind: kinds[pos], strong, currency: labelled.currency, table: false, loose: false });
    if (!all.length && !labelled && (kinds[pos] === 'total' || kinds[pos] === 'rounded')) {
      const loose = looseAmount(line.text);
      if (loose !== null) add(loose, { pos, kind: kinds[pos], strong, currency: false, table: false, loose: true });
    }
  });
  const printed = [...byValue.keys()];
  const derived = [sums.chain, ...sums.cashLessChange, sums.items, sums.items !== null && sums.tax !== null ? round2(sums.items + sums.tax) : null].filter(
    (v): v is number => v !== null && v > 0,
  );
  for (const v of derived) if (!byValue.has(cents(v))) byValue.set(cents(v), []);
  // A total before cash rounding, and the adjustment printed under it, give the amount paid.
  const adjustments = lines.flatMap((l) => {
    const a = roundingAdjustment(l.text);
    return a === null ? [] : [a];
  });
  const beforeRounding = printed.flatMap((k) => (byValue.get(k)!.some((o) => o.kind === 'total' || o.kind === 'subtotal') ? [k / 100] : []));
  const roundedFrom = (t: number) => adjustments.flatMap((a) => [round2(t + a), round2(t - a)]).filter((v) => v > 0 && cents(v) % 5 === 0);
  const afterRounding = beforeRounding.flatMap(roundedFrom);
  for (const v of afterRounding) if (!byValue.has(cents(v))) byValue.set(cents(v), []);

  const values = [...byValue.keys()].map((k) => k / 100);
  const distinctDesc = [...new Set(values)].sort((a, b) => b - a);
  const max = distinctDesc[0] ?? 0;
  const second = distinctDesc[1] ?? 0;
  const lastTotalPos = Math.max(-1, ...kinds.map((k, i) => (k === 'total' || k === 'rounded' ? i : -1)));
  const subPos = kinds.indexOf('subtotal');
  const totalLabelled = printed.flatMap((k) => (byValue.get(k)!.some((o) => o.kind === 'total' || o.kind === 'rounded') ? [k / 100] : []));

  // Amounts printed from the subtotal on (or the whole receipt without one), with where they stand.
  const printedAt: { value: number; pos: number }[] = [];
  for (const [key, occs] of byValue) for (const o of occs) printedAt.push({ value: key / 100, pos: o.pos });
  const summary = [...new Set(printedAt.filter((a) => subPos < 0 || a.pos >= subPos).map((a) => a.value))];
  const laterDifference = (value: number, from: number): boolean => {
    const later = [...new Set(printedAt.filter((a) => a.pos > from).map((a) => a.value))];
    return later.some((x) => x > value && later.some((y) => y > 0 && near(round2(x - y), value)));
  };
  const candidates = [...byValue.entries()].map(([key, occs]) => {
    const value = key / 100;
    const has = (k: Kind) => (occs.some((o) => o.kind === k) ? 1 : 0);
    const labelledOcc = occs.filter((o) => o.kind !== 'other');
    const where = (labelledOcc.length ? labelledOcc : occs).map((o) => o.pos);
    const votes =
      (near(sums.chain, value) ? 1 : 0) +
      (sums.cashLessChange.some((v) => near(v, value)) ? 1 : 0) +
      (near(sums.items, value) ? 1 : 0) +
      (sums.items !== null && sums.tax !== null && near(round2(sums.items + sums.tax), value) ? 1 : 0);
    const f: Features = {
      total: has('total'),
      strong: occs.some((o) => o.strong) ? 1 : 0,
      rounded: has('rounded'),
      // A rounding line with a large amount prints the rounded total; a small one the adjustment.
      rounding_total: occs.some((o) => o.kind === 'rounding') && value >= 1 ? 1 : 0,
      rounding_adjust: occs.some((o) => o.kind === 'rounding') && value < 1 ? 1 : 0,
      subtotal: has('subtotal'),
      tax: has('tax'),
      cash: has('cash'),
      change: has('change'),
      card: has('card'),
      unlabelled_only: labelledOcc.length === 0 && occs.length > 0 ? 1 : 0,
      last_total_line: occs.some((o) => o.pos === lastTotalPos && (o.kind === 'total' || o.kind === 'rounded')) ? 1 : 0,
      count: Math.log1p(occs.length),
      position: where.length ? Math.max(...where) / n : 0,
      after_subtotal: subPos >= 0 && occs.some((o) => o.pos > subPos) ? 1 : 0,
      largest: value === max ? 1 : 0,
      rank: distinctDesc.indexOf(value) / Math.max(1, distinctDesc.length),
      far_above_rest: second > 0 && value > 3 * second ? 1 : 0,
      currency: occs.some((o) => o.currency) ? 1 : 0,
      table_only: occs.length > 0 && occs.every((o) => o.table) ? 1 : 0,
      total_in_table: occs.some((o) => o.kind === 'total' && o.table) ? 1 : 0,
      // Unlabelled payment lines still add up: a later amount less another later one.
      difference_of_later: occs.length > 0 && laterDifference(value, Math.min(...occs.map((o) => o.pos))) ? 1 : 0,
      loose: occs.length > 0 && occs.every((o) => o.loose) ? 1 : 0,
      derived: occs.length === 0 ? 1 : 0,
      repairs_label: occs.length === 0 && totalLabelled.some((t) => oneDigitOff(t, value)) ? 1 : 0,
      repairs_printed: occs.length === 0 && summary.some((t) => oneDigitOff(t, value)) ? 1 : 0,
      eq_chain: near(sums.chain, value) ? 1 : 0,
      chain_without_total_line: totalLabelled.length === 0 && near(sums.chain, value) ? 1 : 0,
      eq_cash_less_change: sums.cashLessChange.some((v) => near(v, value)) ? 1 : 0,
      eq_items: near(sums.items, value) ? 1 : 0,
      eq_items_tax: sums.items !== null && sums.tax !== null && near(round2(sums.items + sums.tax), value) ? 1 : 0,
      votes: Math.min(votes, 3) / 3,
      below_subtotal: sums.subtotal !== null && value < sums.subtotal - 0.005 ? 1 : 0,
      eq_subtotal: near(sums.subtotal, value) ? 1 : 0,
      decimal_lost: sums.subtotal !== null && sums.subtotal > 0 && [10, 100].some((x) => Math.abs(value / sums.subtotal! - x) < 0.15 * x) ? 1 : 0,
      whole: Number.isInteger(value) ? 1 : 0,
      // The cash-rounded form of a labelled total, or a total whose cash-rounded form is printed.
      cash_rounding_of_total: cents(value) % 5 === 0 && totalLabelled.some((t) => !near(t, value) && roundedToFive(t) === cents(value)) ? 1 : 0,
      // Arithmetic: a printed total (or subtotal) and the rounding adjustment printed under it come to this.
      rounding_applied: afterRounding.some((v) => near(v, value)) ? 1 : 0,
      rounds_to_printed: cents(value) % 5 !== 0 && (byValue.get(roundedToFive(value))?.length ?? 0) > 0 ? 1 : 0,
    };
    // Where a total label names it first: that line's label is what the review screen quotes.
    const named = occs.filter((o) => o.kind === 'total' || o.kind === 'rounded' || o.strong).map((o) => o.pos);
    return { value, features: f, at: [...new Set([...named, ...where])] };
  });
  return { candidates, sums };
}
