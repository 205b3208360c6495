import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import { dateText } from '../../db/dates';
import type { CalendarDate } from '../../../shared/calendar';
import type { BudgetFrom } from './carryOver';

const scope = (categoryId: string | null) => sql<boolean>`coalesce(category_id::text, '') = ${categoryId ?? ''}`;

/**
 * Records a budget set from `month` on (category null: the monthly budget). The months before
 * keep what they had, and before the first one there was no budget: carry-over counts only months
 * that had one.
 */
export async function recordBudgetChange(trx: Executor, userId: string, categoryId: string | null, month: CalendarDate, current: number | null): Promise<void> {
  await trx.deleteFrom('budget_months').where('user_id', '=', userId).where(scope(categoryId)).where('month', '=', month).execute();
  await trx.insertInto('budget_months').values({ user_id: userId, category_id: categoryId, month, budget_cents: current }).execute();
}

/** Every recorded budget of the user, oldest first, keyed by category ('' for the monthly budget). */
export async function budgetHistories(db: Executor, userId: string): Promise<Map<string, BudgetFrom[]>> {
  const rows = await db
    .selectFrom('budget_months')
    .select([sql<string>`coalesce(category_id::text, '')`.as('scope'), dateText('month').as('month'), 'budget_cents'])
    .where('user_id', '=', userId)
    .orderBy('month')
    .execute();
  const out = new Map<string, BudgetFrom[]>();
  for (const r of rows) {
    const list = out.get(r.scope) ?? [];
    list.push({ month: r.month, cents: r.budget_cents === null ? null : Number(r.budget_cents) });
    out.set(r.scope, list);
  }
  return out;
}

export interface MonthSpending {
  month: CalendarDate;
  categoryId: string;
  cents: number;
}

/** Spending per month and category for the months in [from, to] (first days). */
export async function spendingByMonthAndCategory(db: Executor, userId: string, from: CalendarDate, to: CalendarDate): Promise<MonthSpending[]> {
  const rows = await db
    .selectFrom('monthly_totals')
    .select([dateText('month').as('month'), 'category_id', 'amount_cents'])
    .where('user_id', '=', userId)
    .where('month', '>=', from)
    .where('month', '<=', to)
    .execute();
  return rows.map((r) => ({ month: r.month, categoryId: r.category_id, cents: Number(r.amount_cents) }));
}

export interface BudgetSettings {
  budgetCents: number | null;
  rollover: boolean;
  rolloverFrom: CalendarDate | null;
}

/** The monthly budget and its rollover. */
export async function monthlyBudgetSettings(db: Executor, userId: string): Promise<BudgetSettings | undefined> {
  const row = await db
    .selectFrom('profiles')
    .select(['monthly_budget_cents', 'budget_rollover', dateText('budget_rollover_from').as('from')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { budgetCents: row.monthly_budget_cents, rollover: row.budget_rollover, rolloverFrom: row.from };
}

/** Each category's budget and rollover. */
export async function categoryBudgetSettings(db: Executor, userId: string): Promise<Map<string, BudgetSettings>> {
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'budget_cents', 'rollover', dateText('rollover_from').as('from')])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((r) => [r.id, { budgetCents: r.budget_cents, rollover: r.rollover, rolloverFrom: r.from }]));
}
