import { MATCH_DAYS, STORE_LIKENESS, storeLikeness } from '../../storeKey';

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

export { MATCH_DAYS };

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

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
