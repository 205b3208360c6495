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
 * How alike two names of a store are (a bank statement's description and a receipt's store), 0–1: the share of the shorter
 * one's words (as stores are grouped: case, accents, branch numbers aside) found in the other.
 * 'AMAZON MKTPLACE SEATTLE WA' and 'Amazon' → 1; 'TESCO STORES 2231' and 'Tesco' → 1.
 */
export function storeLikeness(description: string, store: string): number {
  const a = new Set(storeKey(description).split(' ').filter(Boolean));
  const b = new Set(storeKey(store).split(' ').filter(Boolean));
  if (!a.size || !b.size) return 0;
  const [shorter, longer] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const w of shorter) if (longer.has(w) || [...longer].some((l) => l.length >= 4 && w.length >= 4 && (l.startsWith(w) || w.startsWith(l)))) shared++;
  return shared / shorter.size;
}

/** Stores this alike or more are the same store for matching. */
export const STORE_LIKENESS = 0.5;

/** A card payment is booked up to a few days after the purchase (or, for a refund, before): a bank row and a receipt this far apart may be one. */
export const MATCH_DAYS = 3;
