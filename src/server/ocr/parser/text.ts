/**
 * Shared text helpers for the receipt parser: line clean-up and money-amount extraction.
 * OCR text of photos carries junk from the table around the receipt and typical digit
 * confusions (O for 0, a space after the decimal point); we repair only what is unambiguous.
 */
import { isKnownWord } from '../lexicon';

export interface Line {
  /** Index in the original text (0-based, blank lines counted). */
  index: number;
  /** The cleaned line, single-spaced. */
  text: string;
  /** The cleaned line with its original column gaps (runs of spaces) kept. */
  spaced: string;
}

export interface Money {
  value: number;
  /** Offsets of the match in the line's `text`. */
  start: number;
  end: number;
  /** True when printed with a currency marker ($, RM, MYR...). */
  currency: boolean;
}

const JUNK_SEGMENT = /^[^A-Za-z0-9]*$|^[A-Za-z0-9]{1,2}[^A-Za-z0-9\s]*$|^[^A-Za-z0-9\s]+[A-Za-z0-9]?$/;

function isJunkSegment(seg: string): boolean {
  const s = seg.trim();
  if (s.length === 0) return true;
  if (s.length <= 3 && JUNK_SEGMENT.test(s)) return true;
  // Mostly punctuation: table texture, creases, barcodes.
  const alnum = (s.match(/[A-Za-z0-9]/g) ?? []).length;
  return s.length >= 3 && alnum / s.length < 0.35;
}

/** Repair digit confusions inside things that look like amounts or dates. */
export function repairDigits(s: string): string {
  return (
    s
      .replace(/[’‘`´]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/[—–]/g, '-')
      // O/o for zero next to digits in amounts: "15.O3", "1O.00", "15. O3"
      .replace(/(\d[.,]?\s?)[Oo](?=\d|\b)/g, '$10')
      .replace(/(\d[.,]\s?\d)[Oo]\b/g, '$10')
      // "15. 03", "8 .39": a stray space around the decimal point of an amount
      .replace(/(\d) ?([.,]) ?(\d{2})(?!\d)/g, '$1$2$3')
      .replace(/([$]|RM)\s?[Oo](?=[.,]\d)/g, '$10')
      // S for 5 inside an amount: "9.7S", "2S.7S"
      .replace(/(\d)S(?=[.,]\d)/g, '$15')
      .replace(/(\d[.,-]\d)S\b/g, '$15')
  );
}

/** A line's text before an amount names a price: it has a word, and nothing of a date, a time, a phone or a table. */
function labelsAPrice(label: string): boolean {
  return /[A-Za-z]{2,}/.test(label) && !/\b(time|date|am|pm|open|close[ds]?|hours?|table|order|tel|phone|fax)\b|\d[/.-]\d|\d:\d/i.test(label);
}

/** Split text into cleaned, non-empty lines (junk margins from photos removed). */
export function toLines(raw: string): Line[] {
  const out: Line[] = [];
  raw.split(/\r?\n/).forEach((orig, index) => {
    let segs = repairDigits(orig.replace(/\t/g, '    '))
      .trim()
      .split(/(\s{3,})/);
    // segs alternates text / gap; drop junk text segments at both ends.
    const texts = () => segs.filter((_, i) => i % 2 === 0);
    while (segs.length > 1 && isJunkSegment(segs[0]) && texts().length > 1) segs = segs.slice(2);
    while (segs.length > 1 && isJunkSegment(segs[segs.length - 1]) && !/\d[.,]\d{2}$/.test(segs[segs.length - 1])) {
      segs = segs.slice(0, -2);
    }
    // A price column read with a colon ("Bread      3:25"): a lone h:mm at the end of a
    // labelled line with no date/time context is far more often a misread decimal point.
    const lastSeg = segs[segs.length - 1];
    if (segs.length >= 3 && /^\$?\d{1,4}:\d{2}$/.test(lastSeg.trim()) && labelsAPrice(segs.slice(0, -2).join(''))) {
      segs[segs.length - 1] = lastSeg.replace(':', '.');
    }
    // The same for a dash read for the point ("$12-99", "Parm21-75"), printed apart or not.
    const last = segs[segs.length - 1];
    const dashed = /(^|[\s$A-Za-z])(\d{1,4})-(\d{2})$/.exec(last);
    if (dashed && labelsAPrice(segs.slice(0, -1).join('') + last.slice(0, dashed.index + dashed[1].length))) {
      segs[segs.length - 1] = last.replace(/(\d{1,4})-(\d{2})$/, '$1.$2');
    }
    const spaced = segs.join('').trim();
    const text = spaced.replace(/\s+/g, ' ').trim();
    if (!text || isJunkSegment(text)) return;
    out.push({ index, text, spaced });
  });
  return out;
}

const MONEY_RE = /(?:(RM|MYR|USD|US\$|\$|S\$|£|€)[\s.]?)?(-)?(\d{1,3}(?:,\d{3})+|\d+)[.,](\d{2})(?![.,]?\d)/gi;

/** All money-looking amounts in a line, left to right. */
export function findMoney(text: string): Money[] {
  const out: Money[] = [];
  for (const m of text.matchAll(MONEY_RE)) {
    let start = m.index ?? 0;
    // Reject parts of longer numbers/dates: "01.03.18", "12.5.2018", "1.234.56".
    const before = text.slice(Math.max(0, start - 1), start);
    if (/[\d.,/-]/.test(before) && !m[1]) continue;
    // Letters ending a word are no currency: "Parm21.75" is Parm at 21.75, not RM 21.75.
    const inWord = Boolean(m[1] && /^[A-Za-z]/.test(m[1]) && /[A-Za-z]/.test(before));
    if (inWord) start = text.indexOf(m[3], start);
    const intPart = m[3].replace(/,/g, '');
    if (intPart.length > 7) continue;
    const value = Number(`${m[2] ?? ''}${intPart}.${m[4]}`);
    if (!Number.isFinite(value)) continue;
    out.push({ value, start, end: (m.index ?? 0) + m[0].length, currency: Boolean(m[1]) && !inWord });
  }
  return out;
}

/** The amount printed at the end of the line (the price column), if any. */
export function trailingMoney(text: string): Money | null {
  const all = findMoney(text);
  // A seat digit glued on with a point ('17.00.2') hides the price from findMoney, which rightly
  // refuses parts of longer numbers.
  const seat = all.length === 0 ? /^(.*\D\d+[.,]\d{2})[.,]\d\s*$/.exec(text) : null;
  if (seat) return trailingMoney(seat[1]);
  if (all.length === 0) return null;
  const last = all[all.length - 1];
  // Allow short trailing flags after the price: tax codes like "SR", "ZR", "T", "A", "*", or a seat number.
  const tail = text.slice(last.end).trim();
  if (tail.length > 4 && !/^[A-Z*]{1,3}\b/i.test(tail)) return null;
  if (tail.length > 0 && !/^(?:[A-Za-z*#]{0,3}\s*[A-Za-z*#]{0,2}|\d)$/.test(tail)) return null;
  return last;
}

/** Digits OCR reads for letters inside a word of letters (S0ON, 1DEA, G1ass, 0pen), by the word's case. */
const DIGIT_AS_LETTER: Record<string, [string, string]> = { '0': ['O', 'o'], '1': ['I', 'l'], '5': ['S', 's'], '8': ['B', 'B'] };

export function lettersForDigits(word: string): string {
  if (!/^[A-Za-z]*[0158]{1,2}[A-Za-z]*$/.test(word) || word.replace(/[^A-Za-z]/g, '').length < 3) return word;
  const lower =
    word.replace(/[^A-Za-z]/g, '').slice(1) ===
    word
      .replace(/[^A-Za-z]/g, '')
      .slice(1)
      .toLowerCase();
  const letters = word.replace(/[0158]/g, (d, at: number) => DIGIT_AS_LETTER[d][lower && at > 0 ? 1 : 0]);
  // Digits that end a word are as often a number printed against it ('CHLOE81', 'EMILIA9'): read
  // as letters only where that makes a word ('Gri11').
  return /\d$/.test(word) && !isKnownWord(letters) ? word : letters;
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Share of letters among the non-space characters. */
export function letterRatio(s: string): number {
  const chars = s.replace(/\s/g, '');
  if (!chars) return 0;
  return (chars.match(/[A-Za-z]/g) ?? []).length / chars.length;
}
