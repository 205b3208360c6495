/**
 * What a receipt adds to its items or takes off them on the way to the total: the tax, a tip or
 * service charge, and discounts. The review screen checks that the items add up with them
 * (items + tax + tip − discount = total, the tax left out where the prices already include it),
 * and the tax fills the receipt's tax.
 *
 * The tax is printed in three ways: a tax line ('TAX 8.25% 1.71', 'Total GST : 0.42'), a remark
 * that the prices include it ('TOTAL INCLUDES 6% GST 1.51', 'DONT TVA 10% 1.55'), and a tax
 * summary table (rate, net amount and tax per row). The same tax is often printed more than
 * once, so each way gives one candidate, and the receipt's own arithmetic picks between them.
 */
import { amountFor, classify, looseAmount, MINUS_RE, oneDigitOff, roundingAdjustment, type Kind } from './total';
import { findMoney, round2, trailingMoney, type Line, type Money } from './text';

export interface Charges {
  /** The tax printed, added to the prices or included in them; null when none (or 0.00) is printed. */
  tax: number | null;
  /** The item prices already include the tax (VAT or GST inclusive): it is not added to them again. */
  taxIncluded: boolean;
  /** Tips, gratuities and service charges printed below the items. */
  tip: number | null;
  /** Discounts, coupons and voids, as a positive amount taken off the items. */
  discount: number | null;
}

export interface ChargesContext {
  /** Where the items end (the first summary line). */
  itemsEnd: number;
  /** Sum of the item prices read, or null without items. */
  itemsSum: number | null;
  /** The total picked, or null. */
  total: number | null;
}

/** The most a tax is of the total it is part of: no sales tax or VAT comes near 30%. */
const MAX_TAX_SHARE = 0.3;
/** A sum and a total this far apart still agree: cash rounding to five cents, or a cent per line. */
const ROUNDING = 0.025;

const TAX_WORD_RE = /\b(tax(es)?|gst|vat|sst|hst|pst|tva|iva|mwst)\b/i;
/** The prices include the tax: 'incl. GST', 'GST included in total', French 'dont TVA' (of which VAT). */
const INCLUDED_RE = /\b(inc(l(u(d(e[sd]?|ing)|sive))?)?\.?|dont)\b/i;
/** The head of a tax summary table: a tax word and a column or summary word, and no amount. */
const TABLE_HEAD_RE = /(s\w{0,2}m\w{0,3}[ae]?r[yi]|analysis|a\w?[mn]\w{0,2}u?n?t|\bamt\b|\bexcl?\b|\binfo\b)/i;
const TABLE_TAX_WORD_RE = /\b(gs[tri1l]\w*|tax\w*|vat|sst|[a-z]?ax\s*\()/i;
/** Rows of a tax table are this close under its head. */
const TABLE_ROWS = 6;
/** Tips and service charges; a tip is one where an amount or a colon follows ('Steak Tip Skewers' is food). */
const TIP_RE = /\btips?\b(?=\s*(?:[:.$\d%(]|amount|amt|$))|\b(gratuity|grat|service\s*(charge|fee)|serv(ice)?\.?\s*ch(ar)?ge?|s[vr][vrc]\.?\s*ch(a?r)?g)\b/i;
/** Tips a receipt suggests, not ones paid. */
const SUGGESTED_RE = /\b(suggest\w*|recommend\w*|guide)\b|\d\s*%\s*=|=\s*\$?\d/i;
/** A recap of what the discounts came to ('Total Savings', 'You saved'): counted only when no discount line is. */
const RECAP_RE = /\b(sav(ings?|ed)|saving)\b/i;
const PAYMENT_KINDS: ReadonlySet<Kind> = new Set(['cash', 'card', 'change']);
/** Tax words that name no tax paid: a registration, a tax invoice, an exemption. */
const NOT_A_TAX_RE = /\b(reg(istration)?|id|no\.?|invoice|number|code|exempt|exclud\w*|excl?|before|taxable)\b/i;

/** A label printed alone with its amount on the line above ('$1.01' then 'Tax'), as OCR sometimes orders a row. */
function amountAbove(lines: Line[], i: number): Money | null {
  if (findMoney(lines[i].text).length || i === 0) return null;
  const above = lines[i - 1].text;
  return /[A-Za-z]{2,}/.test(above.replace(/\b(RM|USD|MYR)\b/g, '')) ? null : (trailingMoney(above) ?? null);
}

const near = (a: number, b: number, by = ROUNDING) => Math.abs(a - b) <= by;

interface TaxCandidate {
  value: number;
  /** The prices include it, as the receipt says. */
  included: boolean;
  /** Printed without its decimal point ('GST @ 6% 138'): taken only where the arithmetic confirms it. */
  loose: boolean;
  /** Which way it was printed: a tax line beats a remark, a remark a table, when nothing else decides. */
  rank: number;
}

/** An amount printed negative: '-6.40', '6.40-', '-$14.93' (in brackets it is as often an add-on's price: 'Avocado ($1.00)'). */
function isNegative(text: string, m: Money): boolean {
  if (m.value < 0) return true;
  return /-\s*(?:RM|\$)?\s*$/i.test(text.slice(0, m.start)) || /^\s*-/.test(text.slice(m.end));
}

/** A table row's amounts, with the '.14' a printer writes for 0.14. */
function rowAmounts(text: string): number[] {
  const found = findMoney(text).map((m) => ({ at: m.start, value: Math.abs(m.value) }));
  for (const m of text.matchAll(/(?:^|\s)\.(\d{2})(?=\s|$)/g)) found.push({ at: m.index ?? 0, value: Number(m[1]) / 100 });
  return found.sort((a, b) => a.at - b.at).map((f) => f.value);
}

/**
 * The tax column of a row: between the net and the total where the row prints both (the total
 * less the net where a digit of the tax was misread), else the last (after the net).
 */
function rowTax(values: number[]): number | null {
  if (values.length < 2) return null;
  for (let k = values.length - 1; k >= 2; k--)
    for (let j = k - 1; j >= 1; j--) for (let i = j - 1; i >= 0; i--) if (values[k] > 0 && near(values[i] + values[j], values[k], 0.015)) return values[j];
  const last = values[values.length - 1];
  if (values.length >= 3) {
    const difference = round2(last - values[0]);
    if (difference > 0 && difference <= MAX_TAX_SHARE * values[0] && oneDigitOff(values[values.length - 2], difference)) return difference;
  }
  return last <= MAX_TAX_SHARE * values[0] ? last : null;
}

/** Line indexes of each tax summary table's rows, and the table's tax (its Total row, else the sum of its rows). */
function taxTables(lines: Line[], kinds: Kind[]): { rows: Set<number>; tax: number | null } {
  const rows = new Set<number>();
  let tax: number | null = null;
  for (let h = 0; h < lines.length; h++) {
    const head = lines[h].text;
    if (findMoney(head).length || !TABLE_TAX_WORD_RE.test(head) || !TABLE_HEAD_RE.test(head) || /invoice|reg\b|\bid\b|\bno\b/i.test(head)) continue;
    let sum = 0;
    let found = false;
    let totalRow: number | null = null;
    for (let r = h + 1; r < Math.min(lines.length, h + 1 + TABLE_ROWS); r++) {
      if (PAYMENT_KINDS.has(kinds[r])) break;
      const values = rowAmounts(lines[r].text);
      if (values.length < 2) continue;
      // A service charge row ('SVC SERVICE CHARGE 10 150.00 15.00') is no tax.
      if (TIP_RE.test(lines[r].text)) {
        rows.add(r);
        continue;
      }
      const t = rowTax(values);
      rows.add(r);
      if (t === null) continue;
      if (/\bt[o0]?t(a|l)\w*\b/i.test(lines[r].text)) totalRow ??= t;
      else {
        sum += t;
        found = true;
      }
    }
    const tableTax = totalRow ?? (found ? round2(sum) : null);
    if (tableTax !== null && tax === null) tax = tableTax;
    if (rows.size) h += 1;
  }
  return { rows, tax };
}

/** Rates printed on the receipt ('6%', '8.25%', '@ 6'), as fractions. */
function ratesOf(lines: Line[]): number[] {
  const rates = new Set<number>();
  for (const l of lines) {
    if (!TAX_WORD_RE.test(l.text) && !/\b(S|SR|T)\s*[=@]/.test(l.text)) continue;
    for (const m of l.text.matchAll(/(?:^|[\s@(=])(\d{1,2}(?:\.\d{1,3})?)\s*%/g)) {
      const r = Number(m[1]);
      if (r > 0 && r <= 30) rates.add(r / 100);
    }
  }
  return [...rates];
}

/**
 * How many of the receipt's own sums a tax agrees with: a printed amount (net of tax, or the
 * items) that with it, the tip and the discounts comes to the total; or a printed rate of such an
 * amount or of the total.
 */
function support(tax: number, amountsPrinted: number[], rates: number[], ctx: ChargesContext, tip: number, discount: number): number {
  const total = ctx.total;
  if (total === null) return 0;
  let n = 0;
  const bases = ctx.itemsSum === null ? amountsPrinted : [...amountsPrinted, ctx.itemsSum];
  if (bases.some((b) => b > 0 && b < total && near(b + tax + tip - discount, total))) n++;
  if (rates.some((r) => bases.some((b) => b > tax && near(b * r, tax, 0.015)) || near((total * r) / (1 + r), tax, 0.015))) n++;
  return n;
}

/** Every tax the receipt prints, one candidate per way it is printed. */
function taxCandidates(
  lines: Line[],
  kinds: Kind[],
  amounts: (Money | null)[],
  tableRows: Set<number>,
  tableTax: number | null,
  limit: number,
): TaxCandidate[] {
  const fromLines: number[] = [];
  const remarks: TaxCandidate[] = [];
  const loose: TaxCandidate[] = [];
  lines.forEach((line, i) => {
    if (tableRows.has(i)) return;
    const text = line.text;
    // 'Total Taxes $2.18', 'RESORT TAX27. 2.86' (its rate glued on) are tax lines the total's reading leaves as others.
    const taxLine = kinds[i] === 'tax' || (kinds[i] === 'other' && /\btax(es\b|(?=\d))/i.test(text) && !NOT_A_TAX_RE.test(text));
    const remark = !taxLine && TAX_WORD_RE.test(text) && INCLUDED_RE.test(text) && !NOT_A_TAX_RE.test(text);
    if (!taxLine && !remark) return;
    const all = findMoney(text).filter((m) => m.value > 0);
    // 'GST 6% 89.00 5.04', 'SALES TAX 7% 143.00 10.01 153.01': the net, its tax (and the two together).
    const column = all.length > 1 ? rowTax(all.map((m) => m.value)) : null;
    const own = column === null ? (amounts[i] ?? amountAbove(lines, i)) : null;
    // A credit note's negative tax ('GST: -0.17') is none a receipt keeps.
    const value = column ?? (own && !isNegative(text, own) ? own.value : null);
    if (value !== null && value > 0 && value <= limit) {
      if (taxLine) fromLines.push(value);
      else remarks.push({ value, included: true, loose: false, rank: 1 });
    } else if (column === null && !own && !all.length) {
      const lost = looseAmount(text);
      if (lost !== null && lost > 0 && lost <= limit) loose.push({ value: lost, included: remark, loose: true, rank: 3 });
    }
  });
  const out: TaxCandidate[] = [];
  const line = combineTaxLines(fromLines);
  if (line !== null) out.push({ value: line, included: false, loose: false, rank: 0 });
  out.push(...remarks);
  if (tableTax !== null && tableTax > 0 && tableTax <= limit) out.push({ value: tableTax, included: false, loose: false, rank: 2 });
  return [...out, ...loose];
}

/**
 * The tax lines' amounts as one tax: one amount however often it is printed; the total of the
 * others where one line adds them up ('Total Tax'); else the sum (a state and a city tax).
 */
function combineTaxLines(values: number[]): number | null {
  const distinct = [...new Set(values.map((v) => Math.round(v * 100)))];
  if (!distinct.length) return null;
  if (distinct.length === 1) return distinct[0] / 100;
  const max = Math.max(...distinct);
  const rest = distinct.filter((v) => v !== max).reduce((a, b) => a + b, 0);
  return (Math.abs(rest - max) <= 1 ? max : distinct.reduce((a, b) => a + b, 0)) / 100;
}

/** The line the total was printed on (the last that prints it labelled as one), else the first payment line. */
function totalLine(lines: Line[], kinds: Kind[], amounts: (Money | null)[], from: number, total: number | null): number {
  if (total !== null) {
    for (let i = lines.length - 1; i >= from; i--)
      if ((kinds[i] === 'total' || kinds[i] === 'rounded') && amounts[i] && near(Math.abs(amounts[i]!.value), total, 0.005)) return i;
    for (let i = from; i < lines.length; i++) if (findMoney(lines[i].text).some((m) => near(m.value, total, 0.005))) return i;
  }
  const pay = kinds.findIndex((k, i) => i >= from && PAYMENT_KINDS.has(k));
  return pay >= 0 ? pay : lines.length;
}

/** Tips and service charges between the items and the total. */
function tipsOf(lines: Line[], kinds: Kind[], amounts: (Money | null)[], from: number, to: number): number {
  const seen = new Set<number>();
  for (let i = from; i < to; i++) {
    const text = lines[i].text;
    const m = amounts[i];
    if (!m || !TIP_RE.test(text) || SUGGESTED_RE.test(text) || kinds[i] === 'total' || PAYMENT_KINDS.has(kinds[i])) continue;
    if (m.value > 0) seen.add(Math.round(m.value * 100));
  }
  return [...seen].reduce((a, b) => a + b, 0) / 100;
}

/**
 * Discounts: amounts printed negative among the items and below them, and lines that name a
 * discount, up to the total. A recap of the savings counts only where nothing else does.
 */
function discountsOf(lines: Line[], kinds: Kind[], amounts: (Money | null)[], to: number): number {
  let found = 0;
  let recap = 0;
  for (let i = 0; i < to; i++) {
    const text = lines[i].text;
    const k = kinds[i];
    if (PAYMENT_KINDS.has(k) || k === 'tax' || k === 'total' || k === 'subtotal' || k === 'rounded' || k === 'rounding') continue;
    if (roundingAdjustment(text) !== null) continue;
    const m = trailingMoney(text) ?? amounts[i];
    if (!m || m.value === 0) continue;
    const named = MINUS_RE.test(text);
    if (isNegative(text, m) || (named && !RECAP_RE.test(text))) found += Math.round(Math.abs(m.value) * 100);
    else if (RECAP_RE.test(text)) recap = Math.max(recap, Math.round(Math.abs(m.value) * 100));
  }
  return (found || recap) / 100;
}

/**
 * Do the prices include the tax? What the items add up to says so first, then what the receipt
 * says. Only then: taken wrongly, it would have right items warn.
 */
function included(chosen: TaxCandidate, lines: Line[], ctx: ChargesContext, tip: number, discount: number): boolean {
  const total = ctx.total;
  if (total !== null && ctx.itemsSum !== null && ctx.itemsSum > 0) {
    const without = ctx.itemsSum + tip - discount;
    if (near(without + chosen.value, total)) return false;
    if (near(without, total)) return true;
  }
  // Said so: a remark that the total includes the tax, or that the prices do.
  return chosen.included || lines.some((l) => /\bprices?\b.*\binc|\binclud\w*\s+(item|in\s+total)/i.test(l.text));
}

export function readCharges(lines: Line[], ctx: ChargesContext): Charges {
  const kinds = lines.map((l) => classify(l.text));
  const amounts = lines.map((_, i) => amountFor(lines, i));
  const end = totalLine(lines, kinds, amounts, ctx.itemsEnd, ctx.total);
  const tip = round2(tipsOf(lines, kinds, amounts, 0, end));
  const discount = round2(discountsOf(lines, kinds, amounts, end));
  const tables = taxTables(lines, kinds);
  const biggest = Math.max(0, ...lines.flatMap((l) => findMoney(l.text).map((m) => m.value)));
  const limit = MAX_TAX_SHARE * (ctx.total ?? biggest);
  const candidates = taxCandidates(lines, kinds, amounts, tables.rows, tables.tax, limit);
  const printed = [...new Set(lines.flatMap((l) => findMoney(l.text).map((m) => Math.abs(m.value))))];
  const rates = ratesOf(lines);
  const scored = candidates
    .map((c) => ({
      c,
      votes: support(c.value, printed, rates, ctx, tip, discount) + candidates.filter((o) => o !== c && near(o.value, c.value, 0.005)).length,
    }))
    .filter((s) => !s.c.loose || s.votes > 0)
    .sort((a, b) => b.votes - a.votes || a.c.rank - b.c.rank);
  const chosen = scored[0]?.c ?? null;
  return {
    tax: chosen ? round2(chosen.value) : null,
    taxIncluded: chosen ? included(chosen, lines, ctx, tip, discount) : false,
    tip: tip > 0 ? tip : null,
    discount: discount > 0 ? discount : null,
  };
}
