import type { NotificationType } from '../../../shared/notifications';
import { budgetLevel, type BudgetLevel } from '../../../shared/budget';
import { DEFAULT_HOME_CURRENCY, formatHomeCents } from '../../../shared/currency';

/**
 * What notifications to create, as pure functions of numbers and dates: the service reads the
 * state, asks these rules, and writes what they answer. Money is integer cents.
 */

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
}

/** A calendar month 'YYYY-MM': the period of "each threshold fires once per month". */
export type Month = string;

/** Keys of the thresholds that fire once per month (stored as marks). */
export const BUDGET_WARNING = 'budget-warning';
export const BUDGET_EXCEEDED = 'budget-exceeded';
export const BUDGET_FORECAST = 'budget-forecast';
/** A category's over-budget alert (the key predates its warning, so marks already stored still count). */
export const categoryKey = (categoryId: string) => `category:${categoryId}`;
export const categoryWarningKey = (categoryId: string) => `category-warning:${categoryId}`;

/** A receipt saved this long after the previous one earns the "scan as you go" tip. */
export const GAP_TIP_DAYS = 7;

const DAY_MS = 86_400_000;
// The widest offsets from UTC of any time zone: "this month" somewhere on Earth.
const ZONE_SPREAD_MS = 14 * 3_600_000;

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Sums are kept in hundredths of the home currency. */
export const formatCents = (cents: number, home: string = DEFAULT_HOME_CURRENCY) => formatHomeCents(cents, home);

/** 'YYYY-MM' → 'November 2026'. */
export function monthLabel(month: Month): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

export const monthOf = (date: string): Month => date.slice(0, 7);

/**
 * The months that are "this month" for someone at `now`: the server does not know the person's
 * zone, so near a month's turn both the old and the new month count.
 */
export function currentMonths(now: Date): Month[] {
  const months = [new Date(now.getTime() - ZONE_SPREAD_MS), new Date(now.getTime() + ZONE_SPREAD_MS)].map((d) => d.toISOString().slice(0, 7));
  return [...new Set(months)];
}

// ---------- budget thresholds ----------

interface ThresholdKeys {
  warning: string;
  exceeded: string;
}

/**
 * The marks and the one notification a level asks for: each crossed threshold not yet fired is
 * marked; only the worst news is told. With `rearm`, thresholds no longer crossed are forgotten.
 */
function thresholdChanges(level: BudgetLevel, keys: ThresholdKeys, fired: ReadonlySet<string>, rearm: boolean, tell: () => NewNotification): MarkChanges {
  const crossed = level === 'exceeded' ? [keys.warning, keys.exceeded] : level === 'warning' ? [keys.warning] : [];
  const mark = crossed.filter((k) => !fired.has(k));
  const unmark = rearm ? [keys.warning, keys.exceeded].filter((k) => fired.has(k) && !crossed.includes(k)) : [];
  const worst = crossed[crossed.length - 1];
  const notify = worst && mark.includes(worst) ? [{ key: worst, notification: tell() }] : [];
  return { mark, unmark, notify, withdraw: [], retell: [] };
}

export interface BudgetState {
  month: Month;
  /** The currency sums are in (default USD). */
  home?: string;
  spentCents: number;
  budgetCents: number | null;
  /** Threshold keys that already fired this month. */
  fired: ReadonlySet<string>;
}

export interface MarkChanges {
  /** Keys to record as fired. */
  mark: string[];
  /** Keys to forget (re-armed); what they told stands. */
  unmark: string[];
  /** What to tell, each under the key whose recording it depends on. */
  notify: Array<{ key: string; notification: NewNotification }>;
  /** Keys whose news no longer holds: forgotten, and what they told taken back. */
  withdraw: string[];
  /** Keys whose news still holds in other figures: what they told is brought up to date. */
  retell: Array<{ key: string; notification: NewNotification }>;
}

const NO_CHANGES: MarkChanges = { mark: [], unmark: [], notify: [], withdraw: [], retell: [] };

/**
 * Fires each crossed threshold not yet fired this month. A jump straight past 100% marks the
 * warning too but tells only the worse news. With `rearm` (the budget changed), thresholds no
 * longer crossed are forgotten so they may fire again.
 */
export function budgetChanges(state: BudgetState, { rearm = false } = {}): MarkChanges {
  const level = budgetLevel(state.spentCents, state.budgetCents);
  return thresholdChanges(level, { warning: BUDGET_WARNING, exceeded: BUDGET_EXCEEDED }, state.fired, rearm, () => budgetNotification(level, state));
}

function budgetNotification(level: BudgetLevel, { month, spentCents, budgetCents, home }: BudgetState): NewNotification {
  const budget = budgetCents ?? 0;
  const formatCents = (cents: number) => formatHomeCents(cents, home ?? DEFAULT_HOME_CURRENCY);
  const spent = `You've spent ${formatCents(spentCents)} of your ${formatCents(budget)} budget for ${monthLabel(month)}`;
  if (level === 'exceeded') {
    return { type: 'budget', title: 'Budget exceeded', message: `${spent}: ${formatCents(spentCents - budget)} over.`, link: '/' };
  }
  const percent = Math.floor((spentCents * 100) / budget);
  return { type: 'budget', title: 'Budget warning', message: `${spent} (${percent}%).`, link: '/' };
}

export interface ForecastState extends BudgetState {
  /** Null while it is too early to tell: nothing to warn by. */
  forecastCents: number | null;
  /** The month's last day. */
  monthEnd: string;
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** 'YYYY-MM-DD' → 'Nov 30'. */
const dayLabel = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

/**
 * Whether the forecast's figure (several queries) can change what is told: while spending is
 * under the warning, where the forecast speaks; past it the warning speaks and what the forecast
 * told stands.
 */
export function forecastMatters(state: BudgetState): boolean {
  return state.budgetCents !== null && budgetLevel(state.spentCents, state.budgetCents) === 'none';
}

/** Whether a forecast told this month must be taken back without a figure: there is no budget to be over any more. */
export const forecastOutlived = (state: BudgetState): boolean => state.budgetCents === null && state.fired.has(BUDGET_FORECAST);

/**
 * The month's end at this pace is over the budget while spending is still under the warning:
 * told once a month, before the 80% warning, with the figure the dashboard shows. Told, it keeps
 * to the figures: brought up to date while it holds, taken back (and so free to be told again)
 * once the forecast is back within the budget, no longer made, or has no budget to pass.
 */
export function forecastChanges(state: ForecastState): MarkChanges {
  const fired = state.fired.has(BUDGET_FORECAST);
  const { forecastCents } = state;
  const over = state.budgetCents !== null && forecastCents !== null && forecastCents > state.budgetCents;
  if (!over) return fired ? { ...NO_CHANGES, withdraw: [BUDGET_FORECAST] } : NO_CHANGES;
  if (budgetLevel(state.spentCents, state.budgetCents) !== 'none') return NO_CHANGES;
  const told = [{ key: BUDGET_FORECAST, notification: forecastNotification({ ...state, forecastCents }) }];
  return fired ? { ...NO_CHANGES, retell: told } : { ...NO_CHANGES, mark: [BUDGET_FORECAST], notify: told };
}

function forecastNotification({ month, forecastCents, budgetCents, monthEnd, home }: ForecastState & { forecastCents: number }): NewNotification {
  const budget = budgetCents ?? 0;
  const formatCents = (cents: number) => formatHomeCents(cents, home ?? DEFAULT_HOME_CURRENCY);
  return {
    type: 'budget',
    title: 'Budget forecast',
    message: `At this pace you will spend about ${formatCents(forecastCents)} by ${dayLabel(monthEnd)}, ${formatCents(forecastCents - budget)} over your ${formatCents(budget)} budget for ${monthLabel(month)}.`,
    link: '/',
  };
}

// ---------- recurring bills ----------

/** A confirmed bill's reminder fires once per bill date. */
export const billKey = (seriesId: string, date: string) => `bill:${seriesId}:${date}`;

export function billReminder(bill: { store: string; amountCents: number; date: string }, home?: string): NewNotification {
  return {
    type: 'budget',
    title: 'Bill due soon',
    message: `${bill.store}: about ${formatCents(bill.amountCents, home)} is due around ${dayLabel(bill.date)}.`,
    link: '/recurring',
  };
}

// ---------- return windows ----------

/** A return window's reminder fires once per receipt or item (`position`) and date. */
export const returnKey = (receiptId: string, position: number | null, date: string) => `return:${receiptId}:${position ?? 'receipt'}:${date}`;

const weekdayName = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });

/** 'Return by Friday: Headphones from Best Buy ($89.00)': the day named as the week names it ('today' on the day). */
export function returnReminder(due: { receiptId: string; store: string; item: string | null; amount: string; date: string }, today: string): NewNotification {
  const day = due.date === today ? 'today' : weekdayName.format(new Date(`${due.date}T00:00:00Z`));
  const what = due.item ? `${due.item} from ${due.store}` : due.store;
  return { type: 'receipt', title: 'Return window closing', message: `Return by ${day}: ${what} (${due.amount})`, link: `/receipts/${due.receiptId}` };
}

// ---------- category alerts ----------

export interface CategoryState {
  month: Month;
  /** The currency sums are in (default USD). */
  home?: string;
  categoryId: string;
  name: string;
  spentCents: number;
  budgetCents: number | null;
  fired: ReadonlySet<string>;
}

/**
 * A category's spending reached 80% of its budget (warning) or went over it (alert): each once
 * per category per month; a jump straight past 100% tells only the alert. With `rearm` (its budget
 * changed), thresholds no longer crossed are forgotten so they may fire again.
 */
export function categoryChanges(state: CategoryState, { rearm = false } = {}): MarkChanges {
  const level = budgetLevel(state.spentCents, state.budgetCents);
  const keys = { warning: categoryWarningKey(state.categoryId), exceeded: categoryKey(state.categoryId) };
  return thresholdChanges(level, keys, state.fired, rearm, () => categoryNotification(level, state));
}

function categoryNotification(level: BudgetLevel, { month, name, spentCents, budgetCents, home }: CategoryState): NewNotification {
  const budget = budgetCents ?? 0;
  const formatCents = (cents: number) => formatHomeCents(cents, home ?? DEFAULT_HOME_CURRENCY);
  if (level === 'exceeded') {
    return {
      type: 'alert',
      title: `${name} is over budget`,
      message: `You've spent ${formatCents(spentCents)} on ${name} in ${monthLabel(month)}, over its ${formatCents(budget)} budget.`,
      link: '/categories',
    };
  }
  const percent = Math.floor((spentCents * 100) / budget);
  return {
    type: 'budget',
    title: `${name} is near its budget`,
    message: `You've spent ${formatCents(spentCents)} of your ${formatCents(budget)} ${name} budget for ${monthLabel(month)} (${percent}%).`,
    link: '/categories',
  };
}

// ---------- receipts and tips ----------

export function receiptSaved(receipt: { id: string; store: string; amountCents: number }, home?: string): NewNotification {
  return {
    type: 'receipt',
    title: 'Receipt saved',
    message: `Your receipt from ${receipt.store} for ${formatCents(receipt.amountCents, home)} was saved.`,
    link: `/receipts/${receipt.id}`,
  };
}

export function welcomeTip(): NewNotification {
  return {
    type: 'tip',
    title: 'Welcome to Tally',
    message: 'Scan your first receipt to start tracking your spending.',
    link: '/receipts/scan',
  };
}

/** A receipt saved a week or more after the previous one: suggest saving them as they come. */
export function gapTip({ previous, saved }: { previous: Date | null; saved: Date | null }): NewNotification | null {
  if (!previous || !saved || saved.getTime() - previous.getTime() < GAP_TIP_DAYS * DAY_MS) return null;
  return {
    type: 'tip',
    title: 'Welcome back',
    message: 'It had been a week or more since your last receipt. Scanning receipts as you get them keeps your budget up to date.',
    link: '/receipts/scan',
  };
}
