// Type-only imports: this file stays free of chart.js code so it can be unit-tested and never
// pulls the library into another chunk.
import type { ChartData, ChartOptions, TooltipItem } from 'chart.js';
import type { AnalyticsBreakdown, AnalyticsRange, AnalyticsSeries } from '../../../shared/analytics';
import { formatMoney } from '../../ui/money';
import { compactMoney, type ChartColors, type ChartLook } from '../../ui/charts/chartLook';
import { AXIS_TITLE, pointName } from './analyticsText';

export const SERIES_LABEL = 'Spending';

/** Spec §9: margins top 20, right 30, left 20, bottom 5. */
export const CHART_PADDING = { top: 20, right: 30, left: 20, bottom: 5 } as const;

/** Spec §2/§9: 300 px high. */
export const CHART_HEIGHT = 300;

/** One point per period, oldest first, as a smooth line. */
export function lineChartData(series: AnalyticsSeries, colors: Pick<ChartColors, 'line'>): ChartData<'line', number[], string> {
  return {
    labels: series.map((p) => p.period),
    datasets: [
      {
        label: SERIES_LABEL,
        data: series.map((p) => p.amount),
        borderColor: colors.line,
        backgroundColor: colors.line,
        pointBackgroundColor: colors.line,
        borderWidth: 2,
        pointRadius: 3,
        pointHoverRadius: 5,
        tension: 0.4,
      },
    ],
  };
}

/** Tooltip of a line point, saying which period it is: 'Week of Nov 16: $55.00'. */
export function lineTooltipLabel(range: AnalyticsRange, item: Pick<TooltipItem<'line'>, 'label' | 'parsed'>): string {
  return `${pointName(range, item.label)}: ${formatMoney(item.parsed.y ?? 0)}`;
}

/** Tooltip of a doughnut slice: 'Food: $12.50'. */
export function doughnutTooltipLabel(item: Pick<TooltipItem<'doughnut'>, 'label' | 'parsed'>): string {
  return `${item.label}: ${formatMoney(item.parsed)}`;
}

export function lineChartOptions(range: AnalyticsRange, { colors, animate }: ChartLook): ChartOptions<'line'> {
  return {
    responsive: true,
    animation: animate ? undefined : false,
    maintainAspectRatio: false,
    layout: { padding: CHART_PADDING },
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: { grid: { color: colors.grid }, ticks: { color: colors.text }, title: { display: true, text: AXIS_TITLE[range], color: colors.text } },
      y: {
        beginAtZero: true,
        grid: { color: colors.grid },
        ticks: { color: colors.text, callback: (value) => compactMoney(Number(value)) },
        title: { display: true, text: 'Spent', color: colors.text },
      },
    },
    plugins: {
      legend: { display: true, labels: { color: colors.text, boxWidth: 12 } },
      // The label names the period itself; a title repeating it would say it twice.
      tooltip: { callbacks: { title: () => '', label: (item) => lineTooltipLabel(range, item) } },
    },
  };
}

/**
 * This period's spending by category, each slice in the category's own colour. Only positive
 * amounts make slices: a category whose refunds outweigh its spending has no share to draw.
 */
export function doughnutData(categories: AnalyticsBreakdown['categories'], colors: Pick<ChartColors, 'surface'>): ChartData<'doughnut', number[], string> {
  categories = categories.filter((c) => c.amount > 0);
  return {
    labels: categories.map((c) => c.category),
    datasets: [
      {
        label: SERIES_LABEL,
        data: categories.map((c) => c.amount),
        backgroundColor: categories.map((c) => c.color),
        borderColor: colors.surface,
        borderWidth: 2,
      },
    ],
  };
}

export function doughnutOptions({ colors, animate }: ChartLook): ChartOptions<'doughnut'> {
  return {
    responsive: true,
    animation: animate ? undefined : false,
    maintainAspectRatio: false,
    layout: { padding: CHART_PADDING },
    plugins: {
      legend: { display: true, position: 'bottom', labels: { color: colors.text, boxWidth: 12 } },
      tooltip: { callbacks: { label: doughnutTooltipLabel } },
    },
  };
}
