/**
 * A store's name as receipts of one store are grouped (recurring bills, kept in receipts.store_key):
 * letters and digits, lower-case, accents dropped, branch numbers ('#1234', '0042') dropped.
 */
export function storeKey(store: string): string {
  return store
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9#]+/)
    .filter((w) => w && !/^#?\d+$/.test(w))
    .join(' ');
}

/**
 * The words a name is compared by: as grouped, but an apostrophe joins its word ("Ben's" and 'BENS'
 * are one word; store_key keeps splitting there, so the keys already saved stay as they are).
 */
const wordsOf = (store: string) => storeKey(store.replace(/['’`]/g, '')).split(' ').filter(Boolean);

/** Words this long or longer may differ by one letter (a misread or misspelt letter); shorter ones are too easily another word ('Boots', 'Booths'). */
export const MIN_MISSPELT_WORD = 6;

/** Whether a and b are at most one edit apart: a letter changed, added, dropped, or two side by side swapped. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const [restA, restB] = [a.slice(i), b.slice(i)];
  if (restA === restB) return true;
  // Changed, added, dropped, swapped: what follows the first difference must then be equal.
  return (
    restA.slice(1) === restB.slice(1) ||
    restA.slice(1) === restB ||
    restA === restB.slice(1) ||
    (restA.length > 1 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2))
  );
}

/** Two words of store names that name the same thing: equal, one the start of the other ('mktplace', 'tesco'/'tescos'), or one letter off in a long word. */
function alikeWords(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length >= 4 && b.length >= 4 && (a.startsWith(b) || b.startsWith(a))) return true;
  return a.length >= MIN_MISSPELT_WORD && b.length >= MIN_MISSPELT_WORD && oneEditApart(a, b);
}

/**
 * How alike two names of a store are (a bank statement's description and a receipt's store, or two
 * receipts'), 0–1: the share of the shorter one's words (as stores are grouped: case, accents,
 * apostrophes, branch numbers aside) found in the other. The same letters spaced otherwise
 * ('BOLTHARDWARE', as OCR often reads it) are the same name.
 * 'AMAZON MKTPLACE SEATTLE WA' and 'Amazon' → 1; 'TESCO STORES 2231' and 'Tesco' → 1;
 * 'CALOGEROS RESTAURANT' and "Calagero's" → 1 (one letter off in a long word).
 */
export function storeLikeness(description: string, store: string): number {
  const a = wordsOf(description);
  const b = wordsOf(store);
  if (!a.length || !b.length) return 0;
  if (a.join('') === b.join('')) return 1;
  const [setA, setB] = [new Set(a), new Set(b)];
  const [shorter, longer] = setA.size <= setB.size ? [setA, [...setB]] : [setB, [...setA]];
  let shared = 0;
  for (const w of shorter) if (longer.some((l) => alikeWords(w, l))) shared++;
  return shared / shorter.size;
}

/** Stores this alike or more are the same store for matching. */
export const STORE_LIKENESS = 0.5;

/** Whether two names are of one store, as an import matches a bank row to a receipt: the one comparison every match uses. */
export function sameStore(a: string, b: string): boolean {
  return storeLikeness(a, b) >= STORE_LIKENESS;
}

/** A card payment is booked up to a few days after the purchase (or, for a refund, before): a bank row and a receipt this far apart may be one. */
export const MATCH_DAYS = 3;
