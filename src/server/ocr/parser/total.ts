/**
 * Total paid and tax. The total is the amount the customer paid: not the subtotal, the tax,
 * the cash handed over, the change or a rounding adjustment. Receipts print several "total"
 * lines, so candidates are scored by label and then checked against the arithmetic that
 * ties a receipt together (subtotal + charges - discounts = total, cash - change = total);
 * that arithmetic also repairs a total whose digits OCR misread.
 */
import { findMoney, round2, trailingMoney, type Line, type Money } from './text';

// "total" as OCR tends to read it: TOTAL, TOTL, T0TAL, lotal, TOTAI, Tota1, IUIAL
export const TOT = '(?:[tl1i][o0u][tl1i][a4][l1i]|tot[a4]?l|tt[l1])';
/** Labels that name the amount due. */
const TOTAL_RE = new RegExp(`\\b(${TOT}|amount\\s*due|balance\\s*due|amount\\s*payable|amt\\s*due|balance|due|payable)\\b`, 'i');
export const STRONG_RE = new RegExp(
  `\\b(grand\\s*${TOT}|${TOT}\\s*due|amount\\s*due|balance\\s*due|${TOT}\\s*payable|amount\\s*payable|nett?\\s*${TOT}|${TOT}\\s*sales|${TOT}\\s*amount)\\b`,
  'i',
);
/** Labels that look like a total but are not the amount paid. */
const NOT_TOTAL_RE =
  /\b(sub[\s-]*|tax|gst|vat|sst|qty|quantity|items?\b|item\(s\)|discount|savings?|saved|change|cash|tender(ed)?|excl|exclusive|before|points?|tips?|gratuity|deposit|previous|summary|count|supplies|weight)/i;
const ROUNDED_RE = /\b(rounded|after\s*(round|adj)|round(ing)?\s*(total|amount|amt))/i;
const ROUNDING_RE = /\bround(ing)?\b/i;
const SUBTOTAL_RE = new RegExp(`\\b(sub[\\s/-]*${TOT}|sub[\\s/-]*tota?|subt[o0]ta[l1i]?)\\b`, 'i');
const TAX_RE = /\b(tax|gst|vat|sst|hst|pst)\b/i;
const NOT_TAX_RE = /\b(reg(istration)?|id|no\.?|invoice|summary|incl(usive|uded|udes)?|inc\.|number|code|exempt|before|excl)\b|%\s*supplies/i;
const CASH_RE = /\b(cash|tender(ed)?|paid|payment|received)\b/i;
const CHANGE_RE = /\b(change|chg|changs|kembali)\b/i;
const CARD_RE = /\b(visa|master\s*card|mastercard|amex|debit|credit|card|eftpos)\b/i;
export const MINUS_RE = /\b(discount|disc|coupon|less|promo|offer|savings?|voucher|off)\b/i;
export const CHARGE_RE = /\b(service|srv|svc|charge|chg|fee|tips?|grat(uity)?|surcharge|delivery|bag|deposit|levy)\b/i;
const INCL_RE = /\(?\s*(inc\W?l(usive|uding|\.)?|inc\.)\s*(of\s*)?(gst|tax|vat|sst)?\s*\)?/gi;

/** Amount on a labelled line, or on the next line when the amount wrapped below the label. */
export function amountFor(lines: Line[], i: number): Money | null {
  const own = trailingMoney(lines[i].text) ?? lastMoney(lines[i].text);
  if (own) return own;
  const next = lines[i + 1];
  if (next && /^[^A-Za-z]*$/.test(next.text.replace(/\b(RM|MYR|USD)(?![A-Za-z])/gi, ''))) return lastMoney(next.text);
  return null;
}

/**
 * Two summary fields printed side by side ("TOTAL SAVING: 0.00    TOTAL 6.85") become two
 * lines, each with its own label and amount, so neither label is read for the other's amount.
 */
export function splitSummaryLines(lines: Line[]): Line[] {
  return lines.flatMap((line) => {
    const segs = line.spaced.split(/\s{3,}/);
    for (let k = 1; k < segs.length; k++) {
      const left = segs.slice(0, k).join('    ');
      const right = segs.slice(k).join('    ');
      if (!/^[A-Za-z]{2,}/.test(left) || !/^[A-Za-z]{2,}/.test(right) || !findMoney(left).length || !trailingMoney(right.replace(/\s+/g, ' '))) continue;
      if (classify(right) === 'other') continue;
      const part = (spaced: string): Line => ({ index: line.index, spaced, text: spaced.replace(/\s+/g, ' ') });
      return [part(left), part(right)];
    }
    return [line];
  });
}

/** A total line whose decimal point was lost: "TOTAL 7 00", "TOTAL 1110". */
export function looseAmount(text: string): number | null {
  const m = /(?:^|[\s:$])(\d{1,5}) (\d{2})\s*$/.exec(text) ?? /(?:^|[\s:$])(\d{1,5})(\d{2})\s*$/.exec(text);
  if (!m) return null;
  return Number(`${m[1]}.${m[2]}`);
}

function lastMoney(text: string): Money | null {
  const all = findMoney(text);
  return all.length ? all[all.length - 1] : null;
}

/**
 * The cash-rounding adjustment a rounding line prints ('Rounding Adj -0.02', 'RND ADJ 0.02-',
 * 'Rounding RM .02'), without its sign: OCR often loses the sign, so both ways are tried.
 */
export function roundingAdjustment(text: string): number | null {
  if (!/\b(round(ing)?|rnd)\b/i.test(text) || ROUNDED_RE.test(text)) return null;
  const m = /(?:^|[\s:(-])-?\s*(?:RM|\$)?\s*-?[O0]?[.,](\d{2})-?\s*$/i.exec(text);
  if (!m) return null;
  const v = Number(m[1]) / 100;
  return v > 0 && v < 0.1 ? v : null;
}

/** Same length, exactly one differing digit: the typical OCR misread of an amount. */
export function oneDigitOff(a: number, b: number): boolean {
  const x = a.toFixed(2);
  const y = b.toFixed(2);
  if (x.length !== y.length || x === y) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) diff++;
  return diff === 1;
}

export interface TotalsResult {
  total: number | null;
  subtotal: number | null;
  tax: number | null;
  /** Line position of the chosen total (items end before it). */
  totalPos: number | null;
  /** Position of the first line of the totals block (subtotal or total). */
  summaryStart: number | null;
  /** 2 = confirmed by arithmetic/payment, 1 = labelled, 0 = guessed, -1 = none. */
  confidence: number;
}

interface Cand {
  value: number;
  score: number;
  pos: number;
  loose: boolean;
}
export type Kind = 'subtotal' | 'tax' | 'change' | 'cash' | 'card' | 'total' | 'rounded' | 'rounding' | 'other';

export function classify(text: string): Kind {
  // "Total (incl. GST)" names the total, not the tax: drop inclusive-tax remarks first.
  const t = text.replace(INCL_RE, ' ');
  if (SUBTOTAL_RE.test(t)) return 'subtotal';
  if (ROUNDED_RE.test(t)) return 'rounded';
  if (ROUNDING_RE.test(t)) return 'rounding';
  if (
    TAX_RE.test(t) &&
    !NOT_TAX_RE.test(text) &&
    !new RegExp(TOT, 'i').test(t.replace(new RegExp(`${TOT}\\s*(tax|gst|vat|sst)|(tax|gst|vat|sst)\\s*${TOT}`, 'i'), ''))
  )
    return 'tax';
  if (CHANGE_RE.test(t) && !/\b(service|srv|svc|serv)\b/i.test(t)) return 'change';
  if (TOTAL_RE.test(t) && !NOT_TOTAL_RE.test(t)) return 'total';
  if (CASH_RE.test(t)) return 'cash';
  if (CARD_RE.test(t)) return 'card';
  return 'other';
}

export function parseTotals(lines: Line[]): TotalsResult {
  let subtotal: number | null = null;
  let subtotalPos = -1;
  let summaryStart: number | null = null;
  const taxes: number[] = [];
  const cash: number[] = [];
  const change: number[] = [];
  const cards: number[] = [];
  const cands: Cand[] = [];
  const kinds: Kind[] = lines.map((l) => classify(l.text));
  const amounts: (Money | null)[] = lines.map((_, i) => amountFor(lines, i));

  // A tax summary table (rate / net / tax columns) follows the payment block; its "Total"
  // row is a tax breakdown, not the amount paid.
  const summaryTable = lines.findIndex((l, i) => i > 0 && /\b(gst|tax|vat|sst)\s*summary\b|^\s*summary\b/i.test(l.text));
  kinds.forEach((kind, pos) => {
    const m = amounts[pos];
    if (summaryTable >= 0 && pos > summaryTable && (kind === 'total' || kind === 'rounded' || kind === 'rounding')) return;
    switch (kind) {
      case 'subtotal':
        if (summaryStart === null && m) summaryStart = pos;
        if (m && subtotal === null) {
          subtotal = m.value;
          subtotalPos = pos;
        }
        break;
      case 'tax':
        if (m && m.value > 0) taxes.push(m.value);
        break;
      case 'change':
        if (m) change.push(m.value);
        break;
      case 'cash':
        if (m) cash.push(m.value);
        break;
      case 'card':
        if (m) cards.push(m.value);
        break;
      case 'rounding':
        // "Rounding RM 182.00": an adjustment is a few cents; a bigger figure is the rounded total.
        if (m && m.value >= 1) cands.push({ value: m.value, score: 5.5, pos, loose: false });
        break;
      case 'rounded':
      case 'total': {
        if (summaryStart === null && m) summaryStart = pos;
        const strong = STRONG_RE.test(lines[pos].text);
        let score = kind === 'rounded' ? 6 : strong ? 5 : new RegExp(TOT, 'i').test(lines[pos].text) ? 4 : 2;
        if (m) {
          if (m.currency) score += 0.5;
          if (findMoney(lines[pos].text).length > 1) score -= 1.5; // a table row, not a total line
          cands.push({ value: m.value, score, pos, loose: false });
        } else {
          const loose = looseAmount(lines[pos].text);
          if (loose !== null) cands.push({ value: loose, score: score - 3, pos, loose: true });
        }
        break;
      }
      default:
    }
  });

  const tax = taxes.length ? round2(taxes.reduce((a, b) => a + b, 0)) : null;

  /**
   * subtotal + charges - discounts on the lines between the subtotal and `end`. Lines with an
   * unknown label are skipped; a line equal to the running sum is a total and ends the chain.
   */
  const chainTo = (end: number): number | null => {
    if (subtotal === null || subtotalPos < 0 || end <= subtotalPos) return null;
    let sum = subtotal;
    for (let i = subtotalPos + 1; i < end; i++) {
      const k = kinds[i];
      if (k === 'cash' || k === 'change' || k === 'card') break;
      const m = amounts[i];
      if (!m || k === 'total' || k === 'rounded' || k === 'subtotal') continue;
      if (/^[^A-Za-z]*$/.test(lines[i].text) && i > 0 && !findMoney(lines[i - 1].text).length) continue; // wrapped amount of the line above
      const label = lines[i].text;
      const neg = MINUS_RE.test(label) || /\(\s*\$?\d+[.,]\d{2}\s*\)|-\s*\$?\d+[.,]\d{2}/.test(label) || m.value < 0;
      if (k === 'tax' || (k === 'rounding' && Math.abs(m.value) < 1) || neg || CHARGE_RE.test(label)) {
        sum += neg ? -Math.abs(m.value) : m.value;
      }
    }
    return round2(sum);
  };

  // Independent arithmetic evidence for the amount paid.
  const support = new Map<number, number>();
  const vote = (v: number | null) => {
    if (v === null || !(v > 0)) return;
    const k = round2(v);
    support.set(k, (support.get(k) ?? 0) + 1);
  };
  for (const c of new Set(cash)) for (const ch of new Set(change)) if (c - ch > 0 && ch > 0) vote(c - ch);
  for (const c of new Set(cards)) vote(c);
  const cashVotes = new Map(support);
  const chainAll = (() => {
    if (subtotalPos < 0) return null;
    let end = Math.min(lines.length, subtotalPos + 9);
    for (let i = subtotalPos + 1; i < end; i++) {
      if (['cash', 'change', 'card'].includes(kinds[i])) {
        end = i;
        break;
      }
      // An unlabelled line equal to the running sum is the (misread-label) total.
      const running = chainTo(i);
      if (running !== null && amounts[i] && Math.abs(amounts[i]!.value - running) < 0.005 && kinds[i] === 'other') {
        end = i;
        break;
      }
    }
    return chainTo(end);
  })();

  let total: number | null = null;
  let totalPos: number | null = null;
  if (cands.length) {
    for (const c of cands) {
      const chain = chainTo(c.pos);
      const agreesChain = chain !== null && Math.abs(chain - c.value) < 0.005;
      if (agreesChain) c.score += 3;
      else if (chain !== null && oneDigitOff(chain, c.value) && ((cashVotes.get(chain) ?? 0) > 0 || c.loose)) {
        // The label says total but a digit disagrees with the receipt's own arithmetic.
        c.value = chain;
        c.score += 1;
      }
      if ((support.get(round2(c.value)) ?? 0) > 0) c.score += 3;
      else
        for (const [v] of support)
          if (oneDigitOff(v, c.value) && (c.loose || v === chain)) {
            c.value = v;
            c.score += 1;
            break;
          }
      if (c.value <= 0) c.score -= 10;
      if (subtotal !== null && c.value < subtotal - 0.005) c.score -= 2;
      // A later total line (after service charges, rounding) supersedes an earlier one.
      c.score += c.pos / Math.max(1, lines.length);
    }
    // The last total-labelled line is usually the amount finally paid (after discounts,
    // service charge and rounding); earlier ones are intermediate totals.
    const lastLabelled = cands.filter((c) => c.score >= 4 && !c.loose).sort((a, b) => b.pos - a.pos)[0];
    if (lastLabelled) lastLabelled.score += 1;
    cands.sort((a, b) => b.score - a.score);
    total = cands[0].value;
    totalPos = cands[0].pos;
    // Two independent sums agreeing beat a lone label that agrees with nothing.
    const best = [...support.entries()].sort((a, b) => b[1] - a[1])[0];
    if (best && best[1] >= 2 && cands[0].score < 6 && (support.get(total) ?? 0) === 0) total = best[0];
  } else if (subtotal !== null || support.size) {
    // No readable total line: vote between the summary arithmetic, payments and the subtotal.
    const votes = new Map<number, number>();
    const add = (v: number | null, w: number) => {
      if (v !== null && v > 0) votes.set(round2(v), (votes.get(round2(v)) ?? 0) + w);
    };
    add(chainAll, 1.2);
    add(subtotal, 1);
    for (const [v, n] of support) add(v, n * 1.1);
    // Every sum can be zero or negative (a refund slip): then nothing votes.
    total = [...votes.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? fallbackTotal(lines);
  } else {
    total = fallbackTotal(lines);
  }
  // How far to trust the total: 2 = the receipt's own arithmetic or payment agrees with it,
  // 1 = a labelled total line (or arithmetic alone), 0 = a guess, -1 = nothing found.
  let confidence = -1;
  if (total !== null) {
    const chained = totalPos !== null ? chainTo(totalPos) : chainAll;
    const checked = (support.get(round2(total)) ?? 0) > 0 || (chained !== null && chained !== subtotal && Math.abs(chained - total) < 0.005);
    confidence = checked ? 2 : cands.length || subtotal !== null ? 1 : 0;
  }
  return { total, subtotal, tax, totalPos, summaryStart, confidence };
}

/**
 * No labelled total: the most repeated largest amount (totals are printed twice: once as the
 * total and once as the payment), ignoring cash tendered and change lines.
 */
function fallbackTotal(lines: Line[]): number | null {
  const counts = new Map<number, number>();
  for (const l of lines) {
    if (CASH_RE.test(l.text) || CHANGE_RE.test(l.text)) continue;
    for (const m of findMoney(l.text)) if (m.value > 0) counts.set(m.value, (counts.get(m.value) ?? 0) + 1);
  }
  if (counts.size === 0) return null;
  const entries = [...counts.entries()];
  const repeated = entries.filter(([, n]) => n >= 2);
  const pool = repeated.length ? repeated : entries;
  return Math.max(...pool.map(([v]) => v));
}
