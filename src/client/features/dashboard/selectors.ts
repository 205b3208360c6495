import type { Dashboard, DashboardTransaction } from '../../../shared/dashboard';
import { RECENT_TRANSACTIONS } from '../../../shared/constants/dashboard';

/** What this month may spend: the budget with what carried over into it; null while no budget is set. */
export function monthLimit(dashboard: Pick<Dashboard, 'budget' | 'available'>): number | null {
  return dashboard.available ?? dashboard.budget;
}

/** What this month may spend minus its spending (negative when over); null while no budget is set. */
export function remainingBudget(dashboard: Pick<Dashboard, 'budget' | 'available' | 'total_spent'>): number | null {
  const limit = monthLimit(dashboard);
  if (limit === null) return null;
  // In cents, so 100.1 - 0.2 is 99.9 and not 99.89999.
  return (Math.round(limit * 100) - Math.round(dashboard.total_spent * 100)) / 100;
}

/** The newest transactions first, at most five (spec §9). Ties keep the API's order. */
export function recentTransactions(transactions: readonly DashboardTransaction[], count = RECENT_TRANSACTIONS): DashboardTransaction[] {
  return transactions
    .map((t, i) => ({ t, i }))
    .sort((a, b) => (a.t.date < b.t.date ? 1 : a.t.date > b.t.date ? -1 : a.i - b.i))
    .slice(0, count)
    .map(({ t }) => t);
}
