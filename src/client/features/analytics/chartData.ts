// Type-only imports: this file stays free of chart.js code so it can be unit-tested and never
// pulls the library into another chunk.
import type { ChartData, ChartOptions, TooltipItem } from 'chart.js';
import type { AnalyticsBreakdown, AnalyticsSeries } from '../../../shared/analytics';
import { formatMoney } from '../../ui/money';

/** Colours read from the MUI theme so the charts follow light and dark mode. */
export interface ChartColors {
  line: string;
  text: string;
  grid: string;
  /** Border between doughnut slices: the paper behind the chart. */
  surface: string;
}

/** How the charts are drawn beyond colour: still when the person asked for reduced motion. */
export interface ChartLook {
  colors: ChartColors;
  animate: boolean;
}

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

/** Tooltip of a line point: 'Spending: $12.50'. */
export function lineTooltipLabel(item: Pick<TooltipItem<'line'>, 'dataset' | 'parsed'>): string {
  return `${item.dataset.label}: ${formatMoney(item.parsed.y ?? 0)}`;
}

/** Tooltip of a doughnut slice: 'Food: $12.50'. */
export function doughnutTooltipLabel(item: Pick<TooltipItem<'doughnut'>, 'label' | 'parsed'>): string {
  return `${item.label}: ${formatMoney(item.parsed)}`;
}

export function lineChartOptions({ colors, animate }: ChartLook): ChartOptions<'line'> {
  return {
    responsive: true,
    animation: animate ? undefined : false,
    maintainAspectRatio: false,
    layout: { padding: CHART_PADDING },
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: { grid: { color: colors.grid }, ticks: { color: colors.text } },
      y: {
        beginAtZero: true,
        grid: { color: colors.grid },
        ticks: { color: colors.text, callback: (value) => formatMoney(Number(value)) },
      },
    },
    plugins: {
      legend: { display: true, labels: { color: colors.text, boxWidth: 12 } },
      tooltip: { callbacks: { label: lineTooltipLabel } },
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
