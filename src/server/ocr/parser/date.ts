/**
 * Purchase date. Numeric dates are ambiguous (05/06/2018), so the caller states the order the
 * receipt's country uses; an impossible reading (month 13) falls back to the other order.
 */
import type { Line } from './text';
import { isRealDay } from '../../../shared/calendar';

export type DateOrder = 'MDY' | 'DMY';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
/** A month's name or its abbreviation, and no longer word ('Mary', 'Market' and 'Mayo' are no months). */
const MONTH_RE =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?![a-z])\\.?';

function fullYear(y: number, digits: number): number {
  if (digits <= 2) return 2000 + y; // receipts are recent; 2-digit years are 20xx
  return y;
}

/** Validate and format; null when the date cannot exist or is implausible for a receipt. */
export function makeDate(y: number, m: number, d: number): string | null {
  if (!(y >= 1990 && y <= 2099) || !isRealDay(y, m, d)) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The date whose day and month stand first and second as the receipt's order prints them. */
function inOrder(y: number, first: number, second: number, order: DateOrder): string | null {
  return order === 'DMY' ? makeDate(y, second, first) : makeDate(y, first, second);
}

/** Common OCR confusions inside a date token. */
function fixDigits(s: string): string {
  return s
    .replace(/[Oo]/g, '0')
    .replace(/[Il|]/g, '1')
    .replace(/[Ss](?=\d)/g, '5');
}

/** Digits OCR confuses on thermal print (each maps to the digits it is often read for). */
const DIGIT_CONFUSIONS: Record<string, string> = {
  '0': '869',
  '1': '7',
  '2': '7',
  '3': '8',
  '5': '6',
  '6': '058',
  '7': '12',
  '8': '036',
  '9': '0',
};

/**
 * Try every single-digit confusion in a day/month/year triple that does not form a date; return
 * the repaired date only when exactly one repair is valid (an ambiguous repair is a guess).
 */
function repairOneDigit(a: string, b: string, c: string, order: DateOrder): string | null {
  if (a.length > 2 || c.length === 3) return null;
  // Only a number out of range on its own (month 62, day 00) is evidence of a misread;
  // 31/02 is a wrong date, not a misread one.
  const [day, month] = order === 'DMY' ? [Number(a), Number(b)] : [Number(b), Number(a)];
  if (day >= 1 && day <= 31 && month >= 1 && month <= 12) return null;
  const found = new Set<string>();
  const parts = [a, b, c];
  parts.forEach((part, pi) => {
    for (let i = 0; i < part.length; i++) {
      for (const alt of DIGIT_CONFUSIONS[part[i]] ?? '') {
        const q = [...parts];
        q[pi] = part.slice(0, i) + alt + part.slice(i + 1);
        const y = fullYear(Number(q[2]), q[2].length);
        const d = inOrder(y, Number(q[0]), Number(q[1]), order);
        if (d) found.add(d);
      }
    }
  });
  return found.size === 1 ? [...found][0] : null;
}

/**
 * A receipt is for a recent purchase: a date in the future or many years back is more likely
 * a misread digit (2013 for 2018) or another kind of date (a warranty, a registration).
 */
export const MAX_AGE_YEARS = 15;

export function plausibility(date: string, today: Date): number {
  const t = Date.parse(`${date}T00:00:00Z`);
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (t > now + 2 * 86_400_000) return -2.5; // a day or two of slack for time zones
  if (t < now - MAX_AGE_YEARS * 365.25 * 86_400_000) return -2.5;
  return 0;
}

export interface Candidate {
  date: string;
  score: number;
  pos: number;
}

/** Letters OCR reads as digits inside a month's name ('0ct', 'Ju1', 'N0v'). */
const MONTH_SLIPS: Record<string, string> = { '0': 'o', '1': 'l', '5': 's', '8': 'b' };
const SLIPPED_MONTHS = new Set(Object.keys(MONTHS).filter((k) => k.length === 3));

/** A month's abbreviation with a letter read as a digit, written right: '0ct08'14' → 'Oct08'14'. */
function monthNamesRepaired(text: string): string {
  return text.replace(/(?<![A-Za-z0-9])([A-Za-z0-9]{3})(?=\s?\d|['.])/g, (tok: string) => {
    if (!/\d/.test(tok)) return tok;
    const letters = tok.replace(/\d/g, (d) => MONTH_SLIPS[d] ?? d);
    return SLIPPED_MONTHS.has(letters.toLowerCase()) ? letters[0].toUpperCase() + letters.slice(1).toLowerCase() : tok;
  });
}

/** All plausible dates in one line, with a confidence score and the text they were read from. */
export function datesInLine(text: string, order: DateOrder): { date: string; score: number; printed: string }[] {
  const out: { date: string; score: number; printed: string }[] = [];
  // The apostrophe before a two-digit year, read as a look-alike ('16Feb*19', 'Nov12’16').
  const t = monthNamesRepaired(text).replace(/(?<=[A-Za-z]{3}\.?\d{0,2})[’‘`´*](?=\d{2}(?!\d))/g, "'");
  // Numeric with separators: 30/03/2018, 01-03-18, 5/26/2016, 2018-03-30, 30.03.2018
  const numRe = /(?<![\dA-Za-z])([\dOoIl|]{1,4})\s?([/.-])\s?([\dOoIl|]{1,2})\s?\2\s?([\dOoIl|]{2,4})(?![\d])/g;
  for (const m of t.matchAll(numRe)) {
    const a = fixDigits(m[1]);
    const b = fixDigits(m[3]);
    const c = fixDigits(m[4]);
    if (!/^\d+$/.test(a + b + c)) continue;
    const sep = m[2];
    let date: string | null = null;
    let score = sep === '.' ? 1 : 2;
    if (a.length === 4) {
      date = makeDate(Number(a), Number(b), Number(c));
    } else if (a.length <= 2 && c.length !== 3) {
      const y = fullYear(Number(c), c.length);
      const [first, second] = [Number(a), Number(b)];
      const preferred = inOrder(y, first, second, order);
      const other = inOrder(y, second, first, order);
      date = preferred ?? other;
      if (!preferred) score -= 0.5;
    }
    if (date) out.push({ date, score, printed: m[0].trim() });
    else {
      // One misread digit (19/62/2018): accept a repair only when exactly one makes a date.
      const fixed = repairOneDigit(a, b, c, order);
      if (fixed) out.push({ date: fixed, score: score - 1.5, printed: m[0].trim() });
    }
  }
  // Day first with month name: 25 MAR 2018, 25-Mar-18, 25MAR18
  // Not after '#' (a numbered field: "#04 MAR.19'17") and not when an apostrophe year follows
  // (then the number after the month is the day: MAR.19'17).
  const dmy = new RegExp(`(?<![\\d#])(\\d{1,2})(?:st|nd|rd|th)?[\\s.\\/-]*${MONTH_RE}[\\s.,\\/-]*'?(\\d{4}|\\d{2})(?!\\d|'\\d)`, 'gi');
  for (const m of t.matchAll(dmy)) {
    const mon = MONTHS[m[2].toLowerCase().slice(0, 3)];
    const date = makeDate(fullYear(Number(m[3]), m[3].length), mon, Number(m[1]));
    if (date) out.push({ date, score: 3, printed: m[0].trim() });
  }
  // Month name first: Mar 25, 2018 / March 25 2018 / Apr 01, 2019
  // (Not an hour: "Jun 24 20:49".)
  const mdy = new RegExp(`(?<![a-z])${MONTH_RE}\\s*(\\d{1,2})(?:st|nd|rd|th)?(?:[\\s,.\\/-]+'?|')(\\d{4}|\\d{2})(?![\\d:])`, 'gi');
  for (const m of t.matchAll(mdy)) {
    const mon = MONTHS[m[1].toLowerCase().slice(0, 3)];
    const date = makeDate(fullYear(Number(m[3]), m[3].length), mon, Number(m[2]));
    if (date) out.push({ date, score: 3, printed: m[0].trim() });
  }
  // The time between the day and the year, as C's asctime prints it: Sun Jun 24 20:49:53 2018.
  for (const m of t.matchAll(new RegExp(`(?<![a-z])${MONTH_RE}\\s+(\\d{1,2})\\s+\\d{1,2}:\\d{2}(?::\\d{2})?\\s+(\\d{4})(?!\\d)`, 'gi'))) {
    const date = makeDate(Number(m[3]), MONTHS[m[1].toLowerCase().slice(0, 3)], Number(m[2]));
    if (date) out.push({ date, score: 3, printed: m[0].trim() });
  }
  // Month name, day and year run together, the year's apostrophe lost: MAR1818.
  for (const m of t.matchAll(new RegExp(`(?<![a-z])${MONTH_RE}(\\d{2})(\\d{2})(?![\\d'])`, 'gi'))) {
    const date = makeDate(fullYear(Number(m[3]), 2), MONTHS[m[1].toLowerCase().slice(0, 3)], Number(m[2]));
    if (date) out.push({ date, score: 1.5, printed: m[0].trim() });
  }
  // A two-digit year printed against the time: 4/15/1612:03:14.
  for (const m of t.matchAll(/(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{2})(?=\d{1,2}:\d{2})/g)) {
    const [a, b, y] = [Number(m[1]), Number(m[2]), fullYear(Number(m[3]), 2)];
    const date = inOrder(y, a, b, order);
    if (date) out.push({ date, score: 1.5, printed: m[0].trim() });
  }
  // One slash read right and the other read as 7 or 1: 5/1972019.
  for (const m of t.matchAll(/(?<![\d/])(\d{1,2})\/(\d{1,2})[71](20\d{2})(?!\d)/g)) {
    const [a, b, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = inOrder(y, a, b, order);
    if (date) out.push({ date, score: 0.5, printed: m[0].trim() });
  }
  // One of the two separators lost, the other read: 2504/2017, 17/01201842153 (the time run on after the year).
  for (const m of t.matchAll(/(?<![\d/.-])(\d{2})(?:([/.-])(\d{2})|(\d{2})[/.-])(20\d{2})/g)) {
    const date = inOrder(Number(m[5]), Number(m[1]), Number(m[3] ?? m[4]), order);
    if (date) out.push({ date, score: 0.5, printed: m[0].trim() });
  }
  // Year first, run together: 20180428 (before a time: 20180428/191204).
  for (const m of t.matchAll(/(?<!\d)(20\d{2})(\d{2})(\d{2})(?!\d)/g)) {
    const date = makeDate(Number(m[1]), Number(m[2]), Number(m[3]));
    if (date) out.push({ date, score: 0.5, printed: m[0].trim() });
  }
  // Run-together digits as some printers emit them: 30032018 (weak evidence: used last),
  // or with a slash read as 7 or 1: 027032018, 0270372018.
  for (const m of t.matchAll(/(?<!\d)(\d{2})([71]?)(\d{2})([71]?)(20\d{2})(?!\d)/g)) {
    const [a, b, y] = [Number(m[1]), Number(m[3]), Number(m[5])];
    const date = inOrder(y, a, b, order);
    if (date) out.push({ date, score: m[2] || m[4] ? 0.3 : 0.5, printed: m[0].trim() });
  }
  return out;
}

/**
 * Pick the purchase date: prefer dates on lines labelled "date", then dates next to a time,
 * then the first date on the receipt (due/expiry dates tend to come later).
 */
export function parseDate(lines: Line[], order: DateOrder, today: Date = new Date()): string | null {
  return pickDate(lines, order, today)?.date ?? null;
}

/** The chosen date and the position (in `lines`) of the line it was read from. */
export function pickDate(lines: Line[], order: DateOrder, today: Date = new Date()): Candidate | null {
  const cands: Candidate[] = [];
  lines.forEach((line, pos) => {
    for (const c of datesInLine(line.text, order)) {
      let score = c.score + plausibility(c.date, today);
      if (/\bdate\b|\bdt\b|tarikh/i.test(line.text)) score += 2;
      if (/\b(expir|exp\.?|valid|due|best before|return)/i.test(line.text)) score -= 3;
      cands.push({ date: c.date, score, pos });
    }
  });
  if (cands.length === 0) return null;
  cands.sort((a, b) => b.score - a.score || a.pos - b.pos);
  return cands[0];
}
