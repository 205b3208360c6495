import type { Db } from '../../db';
import { notFound } from '../../errors';
import { fromCents } from '../../../shared/money';
import { RECENT_TRANSACTIONS, type BudgetAnswer, type BudgetBody, type Dashboard, type DashboardTransaction, type Forecast } from '../../../shared/dashboard';
import { centsOf } from '../../money';
import { monthlyOutlook, type MonthlyOutlook } from '../budgets/service';
import { requestToday } from '../../today';
import { findProfile, writeProfile, type ProfileHooks } from '../profile/service';
import { listReceipts, type ReceiptRow } from '../receipts/service';
import type { Clock } from '../../clock';

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

const dollarsOrNull = (cents: number | null) => (cents === null ? null : fromCents(cents));

function toForecast({ forecast }: MonthlyOutlook): Forecast {
  return {
    amount: dollarsOrNull(forecast.forecastCents),
    month_end: forecast.monthEnd,
    bills_to_come: fromCents(forecast.billsToComeCents),
    bills: forecast.bills.map((b) => ({ _id: b.series.id, store: b.series.store, amount: fromCents(b.cents), date: b.date })),
    spent_by_day: forecast.spentByDay.map(fromCents),
  };
}

export class DashboardService {
  constructor(
    private db: Db,
    private profileHooks: ProfileHooks,
    private clock: Clock,
  ) {}

  /** Budget, this month's spending (month of `tz`, default UTC) with rollover, pace and forecast, and the newest transactions. */
  async get(userId: string, tz: string | undefined): Promise<Dashboard> {
    const today = requestToday(tz, this.clock());
    const [profile, recent, outlook] = await Promise.all([
      findProfile(this.db, userId),
      listReceipts(this.db, userId, {}, { sort: 'date', order: 'desc', limit: RECENT_TRANSACTIONS, offset: 0 }),
      monthlyOutlook(this.db, userId, today),
    ]);
    return {
      transactions: recent.map(toTransaction),
      budget: dollarsOrNull(profile?.monthly_budget_cents ?? null),
      total_spent: fromCents(outlook.spentCents),
      display_name: profile?.display_name ?? '',
      month: today.slice(0, 7),
      rollover: outlook.rollover,
      carry_over: dollarsOrNull(outlook.carryOverCents),
      available: dollarsOrNull(outlook.availableCents),
      pace: outlook.pace && {
        expected: fromCents(outlook.pace.expectedCents),
        difference: fromCents(outlook.pace.differenceCents),
        day: outlook.pace.day,
        days_in_month: outlook.pace.daysInMonth,
      },
      forecast: toForecast(outlook),
    };
  }

  /** The profile sets it (and the budget notifications with it). */
  async setBudget(userId: string, { amount, rollover }: BudgetBody): Promise<BudgetAnswer> {
    const patch: Parameters<typeof writeProfile>[3] = { monthly_budget_cents: centsOf(amount, 'amount') };
    if (rollover !== undefined) patch.budget_rollover = rollover;
    const row = await writeProfile(this.db, this.profileHooks, userId, patch, this.clock());
    if (!row) throw notFound('Profile not found');
    return { budget: dollarsOrNull(row.monthly_budget_cents), rollover: row.budget_rollover };
  }
}
