/**
 * Whether two item names look like the same product, for 'Maybe the same product': they share
 * the words that say what the item is ('Milk 2%, 1 gal' and 'MILK 2% 1GAL' share 'milk' and
 * '2%'; 'GV 2% MLK GAL' shares them too, 'mlk' short for 'milk'), not sizes, counts or small
 * words. Only a proposal: the person always confirms.
 */
import { isKnownWord } from '../../ocr/lexicon';

/** Words that say how much or how it is sold, not what it is. */
const UNITS = new Set([
  'g',
  'gr',
  'kg',
  'mg',
  'lb',
  'lbs',
  'oz',
  'fl',
  'floz',
  'ml',
  'cl',
  'l',
  'lt',
  'ltr',
  'gal',
  'qt',
  'pt',
  'ct',
  'pk',
  'pack',
  'ea',
  'each',
  'pc',
  'pcs',
  'x',
]);
const SMALL_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'with', 'for', 'in', 'on', 'de', 'la', 'le', 'du', 'et']);

/** A plural and its singular are one word ('bananas', 'banana'); not 'glass' or 'bus'. */
const singular = (word: string) => (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word) ? word.slice(0, -1) : word);

/**
 * The words of a name that say what the item is: lower-cased, accents off, numbers parted from
 * the letters they touch ('1gal'), without units, bare numbers and small words. A percentage
 * ('2%') is one of them.
 */
export function significantWords(name: string): string[] {
  const plain = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/([a-z])(\d)/g, '$1 $2');
  const words = (plain.match(/\d+(?:[.,]\d+)?%|[\p{L}\p{N}]+/gu) ?? []).filter(
    (w) => w.endsWith('%') || (!/^\d/.test(w) && w.length > 1 && !UNITS.has(w) && !SMALL_WORDS.has(w)),
  );
  return [...new Set(words.map(singular))];
}

/** Shortest word taken for an abbreviation: 'gv' could stand for anything. */
const MIN_ABBREVIATION = 3;

/**
 * `short` is how a till prints `long` ('mlk' for 'milk', 'chkn' for 'chicken', 'bnls' for
 * 'boneless'): its first letter, then some of the others in order. A word of its own ('tea',
 * 'ham', 'pie') abbreviates nothing.
 */
export function abbreviates(short: string, long: string): boolean {
  if (short.length < MIN_ABBREVIATION || short.length >= long.length || short[0] !== long[0]) return false;
  if (!/^\p{L}+$/u.test(short) || isKnownWord(short)) return false;
  let next = 1;
  for (let i = 1; i < long.length && next < short.length; i++) if (long[i] === short[next]) next++;
  return next === short.length;
}

/** One word, or one printed short for the other. */
const sameWord = (a: string, b: string) => a === b || abbreviates(a, b) || abbreviates(b, a);

/** Two names look like one product when they share two such words, or have the same ones. */
export function looksLikeSameProduct(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const shared = a.filter((w) => b.some((v) => sameWord(w, v))).length;
  return shared >= 2 || (shared === a.length && shared === b.length);
}

/**
 * A LIKE pattern a name matches when it holds `word` or a longer word it may abbreviate
 * ('%m%l%k%' for 'mlk'), or null where the word is looked for as it is.
 */
export function abbreviationPattern(word: string): string | null {
  return word.length >= MIN_ABBREVIATION && /^\p{L}+$/u.test(word) && !isKnownWord(word) ? `%${[...word].join('%')}%` : null;
}
