import type { Db } from '../../db';
import { notFound } from '../../errors';
import { fromCents } from '../../../shared/money';
import { RECENT_TRANSACTIONS, type BudgetAnswer, type Dashboard, type DashboardTransaction } from '../../../shared/dashboard';
import { centsOf } from '../../money';
import { spendingByCategory } from '../analytics/service';
import { requestMonth } from '../../today';
import { findProfile, writeProfile, type ProfileHooks } from '../profile/service';
import { listReceipts, type ReceiptRow } from '../receipts/service';

/** A receipt as a transaction: spending is money out (negative); a refund is money in (positive). */
function toTransaction(row: ReceiptRow): DashboardTransaction {
  return {
    _id: row.id,
    description: row.description || row.store,
    store: row.store,
    category: row.category_name,
    date: row.date,
    amount: fromCents(-row.amount_cents),
  };
}

export class DashboardService {
  constructor(
    private db: Db,
    private profileHooks: ProfileHooks,
  ) {}

  /** Budget, this month's spending (month of `tz`, default UTC) and the newest transactions. */
  async get(userId: string, tz: string | undefined, now: Date = new Date()): Promise<Dashboard> {
    const month = requestMonth(tz, now);
    const [profile, recent, spending] = await Promise.all([
      findProfile(this.db, userId),
      listReceipts(this.db, userId, {}, { sort: 'date', order: 'desc', limit: RECENT_TRANSACTIONS, offset: 0 }),
      spendingByCategory(this.db, userId, month),
    ]);
    const spentCents = spending.reduce((sum, s) => sum + s.cents, 0);
    return {
      transactions: recent.map(toTransaction),
      budget: profile?.monthly_budget_cents == null ? null : fromCents(profile.monthly_budget_cents),
      total_spent: fromCents(spentCents),
      display_name: profile?.display_name ?? '',
    };
  }

  /** The profile sets it (and the budget notifications with it). */
  async setBudget(userId: string, amount: number): Promise<BudgetAnswer> {
    const row = await writeProfile(this.db, this.profileHooks, userId, { monthly_budget_cents: centsOf(amount, 'amount') });
    if (!row) throw notFound('Profile not found');
    return { budget: row.monthly_budget_cents === null ? null : fromCents(row.monthly_budget_cents) };
  }
}
