import { storeKey } from '../../storeKey';

/** A statement row, and a saved receipt it may be: amounts in the same currency's minor units. */
export interface MatchRow {
  date: string;
  amount: number;
  description: string;
}

export interface MatchReceipt {
  id: string;
  date: string;
  amount: number;
  store: string;
}

/** A card payment is booked up to a few days after the purchase (or, for a refund, before). */
export const MATCH_DAYS = 3;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * How alike a statement's description and a receipt's store are, 0–1: the share of the shorter
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

/**
 * For each row, the receipt it is (the same amount, a date within MATCH_DAYS, a like store), or
 * null. Each receipt is taken once: where two rows could be one receipt, the nearer date wins,
 * then the more alike store.
 */
export function matchRows(rows: MatchRow[], receipts: MatchReceipt[]): (string | null)[] {
  const pairs: { row: number; receipt: string; days: number; likeness: number }[] = [];
  rows.forEach((row, i) => {
    for (const r of receipts) {
      if (r.amount !== row.amount) continue;
      const days = Math.abs(dayNumber(r.date) - dayNumber(row.date));
      if (days > MATCH_DAYS) continue;
      const likeness = storeLikeness(row.description, r.store);
      if (likeness >= STORE_LIKENESS) pairs.push({ row: i, receipt: r.id, days, likeness });
    }
  });
  pairs.sort((x, y) => x.days - y.days || y.likeness - x.likeness || x.row - y.row);
  const matched: (string | null)[] = rows.map(() => null);
  const taken = new Set<string>();
  for (const p of pairs) {
    if (matched[p.row] !== null || taken.has(p.receipt)) continue;
    matched[p.row] = p.receipt;
    taken.add(p.receipt);
  }
  return matched;
}
