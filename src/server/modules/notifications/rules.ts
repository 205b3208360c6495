import type { NotificationType } from '../../../shared/notifications';

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
export const categoryKey = (categoryId: string) => `category:${categoryId}`;

/** Spending at or above this share of the budget is a warning. */
export const WARNING_PERCENT = 80;
/** A receipt saved this long after the previous one earns the "scan as you go" tip. */
export const GAP_TIP_DAYS = 7;

const DAY_MS = 86_400_000;
// The widest offsets from UTC of any time zone: "this month" somewhere on Earth.
const ZONE_SPREAD_MS = 14 * 3_600_000;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const formatCents = (cents: number) => usd.format(cents / 100);

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

export type BudgetLevel = 'none' | 'warning' | 'exceeded';

/** Where spending stands against the budget: reaching exactly 100% is a warning, going over is exceeded. */
export function budgetLevel(spentCents: number, budgetCents: number | null): BudgetLevel {
  if (budgetCents === null) return 'none';
  if (spentCents > budgetCents && spentCents > 0) return 'exceeded';
  if (budgetCents > 0 && spentCents * 100 >= budgetCents * WARNING_PERCENT) return 'warning';
  return 'none';
}

/** The threshold keys a level has crossed. */
function crossedKeys(level: BudgetLevel): string[] {
  if (level === 'exceeded') return [BUDGET_WARNING, BUDGET_EXCEEDED];
  if (level === 'warning') return [BUDGET_WARNING];
  return [];
}

export interface BudgetState {
  month: Month;
  spentCents: number;
  budgetCents: number | null;
  /** Threshold keys that already fired this month. */
  fired: ReadonlySet<string>;
}

export interface MarkChanges {
  /** Keys to record as fired. */
  mark: string[];
  /** Keys to forget (re-armed). */
  unmark: string[];
  /** What to tell, each under the key whose recording it depends on. */
  notify: Array<{ key: string; notification: NewNotification }>;
}

/**
 * Fires each crossed threshold not yet fired this month. A jump straight past 100% marks the
 * warning too but tells only the worse news. With `rearm` (the budget changed), thresholds no
 * longer crossed are forgotten so they may fire again.
 */
export function budgetChanges(state: BudgetState, { rearm = false } = {}): MarkChanges {
  const level = budgetLevel(state.spentCents, state.budgetCents);
  const crossed = crossedKeys(level);
  const mark = crossed.filter((k) => !state.fired.has(k));
  const unmark = rearm ? [BUDGET_WARNING, BUDGET_EXCEEDED].filter((k) => state.fired.has(k) && !crossed.includes(k)) : [];
  const worst = crossed[crossed.length - 1];
  const notify = worst && mark.includes(worst) ? [{ key: worst, notification: budgetNotification(level, state) }] : [];
  return { mark, unmark, notify };
}

function budgetNotification(level: BudgetLevel, { month, spentCents, budgetCents }: BudgetState): NewNotification {
  const budget = budgetCents ?? 0;
  const spent = `You've spent ${formatCents(spentCents)} of your ${formatCents(budget)} budget for ${monthLabel(month)}`;
  if (level === 'exceeded') {
    return { type: 'budget', title: 'Budget exceeded', message: `${spent}: ${formatCents(spentCents - budget)} over.`, link: '/' };
  }
  const percent = Math.floor((spentCents * 100) / budget);
  return { type: 'budget', title: 'Budget warning', message: `${spent} (${percent}%).`, link: '/' };
}

// ---------- category alerts ----------

export interface CategoryState {
  month: Month;
  categoryId: string;
  name: string;
  spentCents: number;
  budgetCents: number | null;
  fired: ReadonlySet<string>;
}

/**
 * A category's spending went over its budget (strictly): once per category per month. With
 * `rearm` (its budget changed), an alert no longer deserved is forgotten so it may fire again.
 */
export function categoryChanges(state: CategoryState, { rearm = false } = {}): MarkChanges {
  const key = categoryKey(state.categoryId);
  const over = state.budgetCents !== null && state.spentCents > state.budgetCents;
  if (!over) return { mark: [], unmark: rearm && state.fired.has(key) ? [key] : [], notify: [] };
  if (state.fired.has(key)) return { mark: [], unmark: [], notify: [] };
  const notification: NewNotification = {
    type: 'alert',
    title: `${state.name} is over budget`,
    message: `You've spent ${formatCents(state.spentCents)} on ${state.name} in ${monthLabel(state.month)}, over its ${formatCents(state.budgetCents ?? 0)} budget.`,
    link: '/categories',
  };
  return { mark: [key], unmark: [], notify: [{ key, notification }] };
}

// ---------- receipts and tips ----------

export function receiptSaved(receipt: { id: string; store: string; amountCents: number }): NewNotification {
  return {
    type: 'receipt',
    title: 'Receipt saved',
    message: `Your receipt from ${receipt.store} for ${formatCents(receipt.amountCents)} was saved.`,
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
export function gapTip(previousSavedAt: Date | null, now: Date): NewNotification | null {
  if (!previousSavedAt || now.getTime() - previousSavedAt.getTime() < GAP_TIP_DAYS * DAY_MS) return null;
  return {
    type: 'tip',
    title: 'Welcome back',
    message: 'It had been a week or more since your last receipt. Scanning receipts as you get them keeps your budget up to date.',
    link: '/receipts/scan',
  };
}
