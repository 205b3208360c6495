import { MAX_SCAN_REF } from '../../../shared/scanRef';

/**
 * The "top of a receipt": a fingerprint of the first text lines the scanner read, before the
 * first line with an amount or a date (the shop's name, legal name and address usually). Tally
 * remembers per person what they called a store with this fingerprint.
 */

/** Lines of the header that make its fingerprint. */
export const HEADER_LINES = 3;
/** A fingerprint shorter than this says too little to tell stores apart: nothing is remembered. */
export const MIN_FINGERPRINT = 4;
/** Two fingerprints at least this similar (0-1) are the same store read twice. */
export const SAME_STORE_AT_LEAST = 0.75;

const AMOUNT_RE = /\d[.,]\d{2}(?!\d)/;
const DATE_RE = /\d{1,4}\s?[/.-]\s?\d{1,2}\s?[/.-]\s?\d{2,4}/;

/** Lower-case letters and digits, words separated by one space; accents dropped. */
export function normaliseLine(line: string): string {
  return line
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The fingerprint of the receipt's header in `rawText` (lines top first), or '' when there is none worth keeping. */
export function headerFingerprint(rawText: string): string {
  const lines: string[] = [];
  for (const line of rawText.split('\n')) {
    if (AMOUNT_RE.test(line) || DATE_RE.test(line)) break;
    const words = normaliseLine(line);
    // OCR noise ('| .', a lone letter) is not part of what identifies the shop.
    if ((words.match(/[a-z0-9]/g) ?? []).length < 2) continue;
    lines.push(words);
    if (lines.length === HEADER_LINES) break;
  }
  const fingerprint = lines.join(' ').slice(0, MAX_SCAN_REF).trim();
  return fingerprint.length >= MIN_FINGERPRINT ? fingerprint : '';
}

function trigrams(text: string): Set<string> {
  const padded = `  ${text} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** Shared character trigrams over all of them (Jaccard), 0-1. */
export function trigramSimilarity(a: string, b: string): number {
  const ga = trigrams(a);
  const gb = trigrams(b);
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  return shared / (ga.size + gb.size - shared);
}

/** 1 - Levenshtein distance / longer length, 0-1. */
export function editSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return 1 - prev[b.length] / Math.max(a.length, b.length);
}

/**
 * How alike two fingerprints are, 0-1. Trigrams forgive a misread letter in a long header; edit
 * distance does so in a short one (where one letter changes a large share of the trigrams). The
 * quadratic edit distance only runs on pairs the trigrams find somewhat alike.
 */
export function headerSimilarity(a: string, b: string): number {
  if (!a || !b) return 0;
  const grams = trigramSimilarity(a, b);
  return grams < 0.2 ? grams : Math.max(grams, editSimilarity(a, b));
}

/** The candidate most like `fingerprint`, if it is alike enough to be the same store. */
export function closestHeader<T extends { ocr_header: string }>(fingerprint: string, candidates: readonly T[]): T | undefined {
  let best: T | undefined;
  let bestScore = SAME_STORE_AT_LEAST;
  for (const c of candidates) {
    const score = headerSimilarity(fingerprint, c.ocr_header);
    if (score >= bestScore) [best, bestScore] = [c, score];
  }
  return best;
}
