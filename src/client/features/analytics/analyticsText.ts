import type { AnalyticsRange } from '../../../shared/analytics';
import { formatMoney } from '../../ui/money';

/** Button labels of spec §2, weekly first. */
export const RANGE_LABELS: Record<AnalyticsRange, string> = { weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' };
// The shared ANALYTICS_RANGES is a value of a module that loads typebox; the client takes types only.
export const RANGE_ORDER = Object.keys(RANGE_LABELS) as AnalyticsRange[];

/** What one period of a range is called in sentences: 'week', 'month', 'year'. */
export const PERIOD_UNIT: Record<AnalyticsRange, string> = { weekly: 'week', monthly: 'month', yearly: 'year' };

export const LOADING_TEXT = 'Loading analytics...';
export const EMPTY_TEXT = 'No data available for the selected period';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Above this a percentage says little: the change is told as a multiple. */
const MAX_PERCENT = 999;

/**
 * This period so far against the same days of the previous one: 'up 12% on last month',
 * 'down 5% on last week', 'same as last year', 'more than 10× last month'. Null when there is
 * nothing to compare with (previous total 0).
 */
export function comparisonSentence(range: AnalyticsRange, changePct: number | null): string | null {
  if (changePct === null || !Number.isFinite(changePct)) return null;
  const unit = PERIOD_UNIT[range];
  if (changePct > MAX_PERCENT) {
    const times = (100 + changePct) / 100;
    return `${Number.isInteger(times) ? '' : 'more than '}${Math.floor(times)}× last ${unit}`;
  }
  const size = percent.format(Math.abs(changePct));
  if (size === '0') return `same as last ${unit}`;
  return `${changePct > 0 ? 'up' : 'down'} ${size}% on last ${unit}`;
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

/** The summary under the buttons: '$120.00 this week, down 5% on last week.' (like for like, so far). */
export function periodSummary(range: AnalyticsRange, total: number, changePct: number | null): string {
  const comparison = comparisonSentence(range, changePct);
  return `${formatMoney(total)} this ${PERIOD_UNIT[range]}${comparison ? `, ${comparison}` : ''}.`;
}

/** Names shared by the chart's aria-label and its screen-reader table. */
export function seriesCaption(range: AnalyticsRange): string {
  return `Spending per ${PERIOD_UNIT[range]}`;
}

export function breakdownCaption(range: AnalyticsRange): string {
  return `Spending this ${PERIOD_UNIT[range]} by category`;
}
