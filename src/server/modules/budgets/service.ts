import type { Executor } from '../../db/schema';
import { addMonths, calendarParts, daysBetween, daysInMonth, endOfMonth, monthContaining, startOfMonth, type CalendarDate } from '../../../shared/calendar';
import { spendingByDay } from '../analytics/service';
import { billAmountCents, billInterval, confirmedSeries, oneIntervalAfter, receiptBriefs, type SeriesRow } from '../recurring/service';
import { carryOverInto, rolloverStart, type BudgetFrom } from './carryOver';
import { billDaysBetween, cumulativeByDay, forecastIsReady, monthEndForecast, pace, type PaceFigures, type ForecastInput } from './forecast';
import {
  budgetHistories,
  categoryBudgetSettings,
  monthlyBudgetSettings,
  recordBudgetChange,
  spendingByMonthAndCategory,
  type BudgetSettings,
  type MonthSpending,
} from './repository';

/**
 * Call inside the transaction that set a budget (category null: the monthly budget): a new
 * amount holds from this month on, and the months before keep the one they had.
 */
export async function noteBudgetChange(trx: Executor, userId: string, categoryId: string | null, previousCents: number | null, now: Date): Promise<void> {
  const settings = categoryId === null ? await monthlyBudgetSettings(trx, userId) : (await categoryBudgetSettings(trx, userId)).get(categoryId);
  if (!settings || settings.budgetCents === previousCents) return;
  await recordBudgetChange(trx, userId, categoryId, startOfMonth(now.toISOString().slice(0, 10)), settings.budgetCents);
}

/** The month rollover counts from when it is turned on at `now` (the server's UTC month). */
export const rolloverStartAt = (now: Date): CalendarDate => rolloverStart(startOfMonth(now.toISOString().slice(0, 10)));

/** Earlier months whose day-to-day spending steadies the forecast. */
const PRIOR_MONTHS = 3;

export interface Availability {
  budgetCents: number | null;
  rollover: boolean;
  /** Null without rollover or budget. */
  carryOverCents: number | null;
  /** Budget plus carry-over; null without a budget. */
  availableCents: number | null;
}

function availability(settings: BudgetSettings, month: CalendarDate, history: readonly BudgetFrom[], spentIn: (m: CalendarDate) => number): Availability {
  const { budgetCents, rollover } = settings;
  if (budgetCents === null) return { budgetCents, rollover, carryOverCents: null, availableCents: null };
  if (!rollover) return { budgetCents, rollover, carryOverCents: null, availableCents: budgetCents };
  const carry = carryOverInto(month, settings.rolloverFrom || null, history, spentIn);
  return { budgetCents, rollover, carryOverCents: carry, availableCents: budgetCents + carry };
}

/** Spending of the months from the earliest rollover start to `month` (inclusive), per month, in total and per category. */
async function spendingSince(db: Executor, userId: string, from: CalendarDate | null, month: CalendarDate): Promise<MonthSpending[]> {
  return spendingByMonthAndCategory(db, userId, from && from < month ? from : month, month);
}

const sumWhere = (rows: readonly MonthSpending[], keep: (r: MonthSpending) => boolean) => rows.reduce((s, r) => (keep(r) ? s + r.cents : s), 0);

/** The monthly budget's availability in `month` (its first day) and the month's spending. */
export async function monthlyAvailability(db: Executor, userId: string, month: CalendarDate): Promise<Availability & { spentCents: number }> {
  const settings = (await monthlyBudgetSettings(db, userId)) ?? { budgetCents: null, rollover: false, rolloverFrom: null };
  const from = settings.rollover ? settings.rolloverFrom : null;
  const spending = await spendingSince(db, userId, from, month);
  const history = settings.rollover ? ((await budgetHistories(db, userId)).get('') ?? []) : [];
  const spentIn = (m: CalendarDate) => sumWhere(spending, (r) => r.month === m);
  return { ...availability(settings, month, history, spentIn), spentCents: spentIn(month) };
}

/** Each category's availability in `month` (its first day). */
export async function categoryAvailability(db: Executor, userId: string, month: CalendarDate): Promise<Map<string, Availability>> {
  const settings = await categoryBudgetSettings(db, userId);
  const starts = [...settings.values()].flatMap((s) => (s.rollover && s.rolloverFrom ? [s.rolloverFrom] : []));
  const from = starts.length ? starts.reduce((a, b) => (a < b ? a : b)) : null;
  const spending = from ? await spendingSince(db, userId, from, month) : [];
  const histories = from ? await budgetHistories(db, userId) : new Map<string, BudgetFrom[]>();
  const out = new Map<string, Availability>();
  for (const [id, s] of settings) {
    const spentIn = (m: CalendarDate) => sumWhere(spending, (r) => r.month === m && r.categoryId === id);
    out.set(id, availability(s, month, histories.get(id) ?? [], spentIn));
  }
  return out;
}

export interface ForecastFigures {
  /** Null while it is too early to tell (forecastIsReady). */
  forecastCents: number | null;
  monthEnd: CalendarDate;
  billsToComeCents: number;
  bills: Array<{ series: SeriesRow; date: CalendarDate; cents: number }>;
  spentByDay: number[];
}

/** Bills of confirmed series expected after `today` and by the month's end. */
function billsToCome(series: readonly SeriesRow[], today: CalendarDate, monthEnd: CalendarDate): ForecastFigures['bills'] {
  return series
    .flatMap((s) =>
      billDaysBetween(s.next_date, (d) => oneIntervalAfter(d, billInterval(s)), today, monthEnd).map((date) => ({
        series: s,
        date,
        cents: billAmountCents(s),
      })),
    )
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.series.store.localeCompare(b.series.store)));
}

/**
 * The month's end at this pace, on `today` (the person's day): this month's day-to-day spending,
 * steadied by the earlier months', over the days left, plus the confirmed bills still to come.
 */
export async function forecastOn(db: Executor, userId: string, today: CalendarDate, spentCents: number): Promise<ForecastFigures> {
  const { from: monthStart, to: monthEnd } = monthContaining(today);
  const [y, m, day] = calendarParts(today);
  const priorFrom = addMonths(monthStart, -PRIOR_MONTHS);
  const priorTo = addMonths(monthStart, -1);
  // One after another: `db` may be a transaction, which is one connection.
  const series = await confirmedSeries(db, userId);
  const perDay = await spendingByDay(db, userId, monthStart, today);
  const prior = await spendingByMonthAndCategory(db, userId, priorFrom, priorTo);
  const billIds = series.flatMap((s) => s.receipt_ids);
  const billReceipts = await receiptBriefs(db, userId, billIds, { from: priorFrom, to: today });
  const billCents = (from: CalendarDate, to: CalendarDate) => billReceipts.reduce((s, r) => (r.date >= from && r.date <= to ? s + r.amount_cents : s), 0);

  // Earlier months count from the first one with any spending: a new account's empty months are not thrift.
  const first = prior.reduce<CalendarDate | null>((min, r) => (min === null || r.month < min ? r.month : min), null);
  const priorDailyCents = first === null ? null : (sumWhere(prior, () => true) - billCents(first, endOfMonth(priorTo))) / daysBetween(first, monthStart);
  const bills = billsToCome(series, today, monthEnd);
  const billsToComeCents = bills.reduce((s, b) => s + b.cents, 0);
  const input: ForecastInput = {
    spentCents,
    billsSpentCents: billCents(monthStart, today),
    day,
    daysInMonth: daysInMonth(y, m),
    priorDailyCents,
    billsToComeCents,
  };
  return {
    forecastCents: forecastIsReady(input) ? monthEndForecast(input) : null,
    monthEnd,
    billsToComeCents,
    bills,
    spentByDay: cumulativeByDay(monthStart, day, new Map(perDay.map((d) => [d.day, Number(d.cents)]))),
  };
}

export interface MonthlyOutlook extends Availability {
  month: CalendarDate;
  spentCents: number;
  pace: (PaceFigures & { day: number; daysInMonth: number }) | null;
  forecast: ForecastFigures;
}

/** The monthly budget on the person's `today`: what is available, pace and forecast. */
export async function monthlyOutlook(db: Executor, userId: string, today: CalendarDate): Promise<MonthlyOutlook> {
  const month = startOfMonth(today);
  const figures = await monthlyAvailability(db, userId, month);
  const [y, m, day] = calendarParts(today);
  const dim = daysInMonth(y, m);
  const forecast = await forecastOn(db, userId, today, figures.spentCents);
  return {
    ...figures,
    month,
    pace: figures.availableCents === null ? null : { ...pace(figures.spentCents, figures.availableCents, day, dim), day, daysInMonth: dim },
    forecast,
  };
}
