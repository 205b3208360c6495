import type { AnalyticsBreakdown, AnalyticsRange } from '../../../shared/analytics';
import { MONTH_ABBREVIATIONS } from '../../../shared/calendar';
import { formatMoney } from '../../ui/money';

/** Button labels of spec §2, weekly first. */
export const RANGE_LABELS: Record<AnalyticsRange, string> = { weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' };
// The shared ANALYTICS_RANGES is a value of a module that loads typebox; the client takes types only.
export const RANGE_ORDER = Object.keys(RANGE_LABELS) as AnalyticsRange[];

/** What one period of a range is called in sentences: 'week', 'month', 'year'. */
export const PERIOD_UNIT: Record<AnalyticsRange, string> = { weekly: 'week', monthly: 'month', yearly: 'year' };

export const LOADING_TEXT = 'Loading analytics...';
export const EMPTY_TEXT = 'No data available for the selected period';

/** This period against the previous one, as the breakdown answers it. */
export type PeriodComparison = AnalyticsBreakdown['current'];

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
// The analytics chunk loads Intl anyway (the percentages above); the first screen never loads this.
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/**
 * What the like-for-like figure covers: 'the same 2 days last week', 'the same 1 day last month',
 * or 'last week' when those days are the whole previous period.
 */
export function comparedSpan(range: AnalyticsRange, { previous_days: days, previous_period_days: periodDays }: PeriodComparison): string {
  const unit = PERIOD_UNIT[range];
  return days >= periodDays ? `last ${unit}` : `the same ${days} ${days === 1 ? 'day' : 'days'} last ${unit}`;
}

/**
 * The change in percent, saying what it is against: 'up 12% on the same 2 days last week',
 * 'down 5% on last month', 'unchanged from last year'. Null when the API gives no percentage
 * (its base means nothing: a refund, a few cents): the amounts alone are shown then.
 */
export function comparisonSentence(range: AnalyticsRange, comparison: PeriodComparison): string | null {
  const changePct = comparison.change_pct;
  if (changePct === null || !Number.isFinite(changePct)) return null;
  const span = comparedSpan(range, comparison);
  const size = percent.format(Math.abs(changePct));
  if (size === '0') return `unchanged from ${span}`;
  return `${changePct > 0 ? 'up' : 'down'} ${size}% on ${span}`;
}

/** The previous period by name, from its label: 'Last week', 'November' (from 'Nov 2026'), '2025'. */
export function previousPeriodName(range: AnalyticsRange, label: string): string {
  if (range === 'weekly') return 'Last week';
  if (range === 'yearly') return label;
  const [abbreviation, year] = label.split(' ');
  const month = (MONTH_ABBREVIATIONS as readonly string[]).indexOf(abbreviation);
  return month < 0 || !/^\d{4}$/.test(year ?? '') ? label : monthName.format(Date.UTC(Number(year), month, 1));
}

/**
 * The amounts compared with, in words: ['vs the same 2 days last week: $1,021.30', 'Last week:
 * $1,304.75'], only the second when the same days are the whole previous period.
 */
export function previousFigures(range: AnalyticsRange, comparison: PeriodComparison): string[] {
  const whole = `${previousPeriodName(range, comparison.previous_period)}: ${formatMoney(comparison.previous_period_total)}`;
  if (comparison.previous_days >= comparison.previous_period_days) return [whole];
  return [`vs ${comparedSpan(range, comparison)}: ${formatMoney(comparison.previous_total)}`, whole];
}

/** What a chart point is, from its period label: 'Week of Nov 16', 'Nov 2026', '2026'. */
export function pointName(range: AnalyticsRange, period: string): string {
  return range === 'weekly' ? `Week of ${period}` : period;
}

/** The horizontal axis' title. */
export const AXIS_TITLE: Record<AnalyticsRange, string> = { weekly: 'Week starting', monthly: 'Month', yearly: 'Year' };

/** True when a series has nothing to draw: no spending (nor refunds) in any of its periods. */
export function isEmptySeries(series: ReadonlyArray<{ amount: number }>): boolean {
  return series.every((p) => p.amount === 0);
}

/** The headline under the buttons: '$120.00 this week, down 5% on the same 3 days last week.' */
export function periodSummary(range: AnalyticsRange, comparison: PeriodComparison): string {
  const sentence = comparisonSentence(range, comparison);
  return `${formatMoney(comparison.total)} this ${PERIOD_UNIT[range]}${sentence ? `, ${sentence}` : ''}.`;
}

/** Names shared by the chart's aria-label and its screen-reader table. */
export function seriesCaption(range: AnalyticsRange): string {
  return `Spending per ${PERIOD_UNIT[range]}`;
}

export function breakdownCaption(range: AnalyticsRange): string {
  return `Spending this ${PERIOD_UNIT[range]} by category`;
}
