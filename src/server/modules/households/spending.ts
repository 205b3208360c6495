import type { Executor } from '../../db/schema';
import { badRequest } from '../../errors';
import { fromMinor } from '../../../shared/currency';
import { daysBetween, monthContaining, parseCalendarDate, todayIn } from '../../../shared/calendar';
import { FALLBACK_CATEGORY } from '../../../shared/constants/categories';
import type { CurrencySpending, HouseholdSpending, SpendingQuery } from '../../../shared/households';
import * as repo from './repository';

/** The longest period the household's spending is asked for at once. */
export const SPENDING_MAX_DAYS = 366;

/** The period asked for: both dates real, in order, at most SPENDING_MAX_DAYS; this month (UTC) when left out. */
export function spendingPeriod(query: SpendingQuery, now: Date): { from: string; to: string } {
  const month = monthContaining(todayIn('UTC', now));
  const date = (text: string | undefined, field: string, otherwise: string) => {
    if (text === undefined) return otherwise;
    const day = parseCalendarDate(text);
    if (!day) throw badRequest(`${field} must be a date like 2025-01-31`);
    return day;
  };
  const from = date(query.from, 'from', month.from);
  const to = date(query.to, 'to', month.to);
  if (to < from) throw badRequest('to must not be before from');
  if (daysBetween(from, to) >= SPENDING_MAX_DAYS) throw badRequest(`Ask for at most ${SPENDING_MAX_DAYS} days at a time`);
  return { from, to };
}

const largestFirst = <T extends { amount: number }>(rows: T[], name: (row: T) => string) =>
  rows.sort((a, b) => b.amount - a.amount || name(a).localeCompare(name(b)));

/**
 * The whole household's spending in a period: its shared receipts by the sharer's category and
 * each member's shares, per currency. Nothing is converted, as balances are not: a receipt
 * counts in its own currency, so every figure is exactly what the receipts add up to.
 */
export async function spendingOf(db: Executor, householdId: string, period: { from: string; to: string }): Promise<HouseholdSpending> {
  const [categories, members, people] = await Promise.all([
    repo.spendingByCategory(db, householdId, period.from, period.to),
    repo.spendingByMember(db, householdId, period.from, period.to),
    repo.membersOf(db, householdId),
  ]);
  const names = new Map(people.map((m) => [m.id, m.display_name]));
  const byCurrency = new Map<string, CurrencySpending>();
  const of = (currency: string) => {
    const found = byCurrency.get(currency) ?? { currency, total: 0, by_category: [], by_member: [] };
    byCurrency.set(currency, found);
    return found;
  };
  const totals = new Map<string, number>();
  for (const row of categories) {
    const minor = Number(row.minor);
    totals.set(row.currency, (totals.get(row.currency) ?? 0) + minor);
    const spending = of(row.currency);
    const category = row.category ?? FALLBACK_CATEGORY;
    // A receipt whose category name is unknown counts as the fallback's, merged with it (in minor units).
    const same = spending.by_category.find((c) => c.category === category);
    if (same) same.amount += minor;
    else spending.by_category.push({ category, amount: minor });
  }
  for (const row of members.filter((r) => Number(r.minor) !== 0))
    of(row.currency).by_member.push({ member_id: row.member_id, display_name: names.get(row.member_id) ?? '', amount: Number(row.minor) });
  const currencies = [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
  for (const c of currencies) {
    c.total = fromMinor(totals.get(c.currency) ?? 0, c.currency);
    c.by_category = largestFirst(c.by_category, (r) => r.category).map((r) => ({ ...r, amount: fromMinor(r.amount, c.currency) }));
    c.by_member = largestFirst(c.by_member, (r) => r.display_name).map((r) => ({ ...r, amount: fromMinor(r.amount, c.currency) }));
  }
  return { ...period, currencies };
}
