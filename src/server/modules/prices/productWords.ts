/**
 * Whether two item names look like the same product, for 'Maybe the same product': they share
 * the words that say what the item is ('Milk 2%, 1 gal' and 'MILK 2% 1GAL' share 'milk' and
 * '2%'), not sizes, counts or small words. Only a proposal: the person always confirms.
 */

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

/** Two names look like one product when they share two such words, or have the same ones. */
export function looksLikeSameProduct(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const shared = a.filter((w) => b.includes(w)).length;
  return shared >= 2 || (shared === a.length && shared === b.length);
}

/** How many of the item's words a name must contain before it is looked at more closely. */
export const wordsNeeded = (words: readonly string[]) => Math.min(2, words.length);
