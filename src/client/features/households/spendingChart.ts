// Type-only imports: free of chart.js code, so it can be unit-tested and never pulls the library
// into another chunk.
import type { ChartData, ChartOptions, TooltipItem } from 'chart.js';
import { formatMoney } from '../../ui/money';
import { compactMoney, type ChartColors, type ChartLook } from '../../ui/charts/chartLook';

/** One bar: a category or a person, and its amount in the chart's currency. */
export interface SpendingBar {
  name: string;
  amount: number;
}

/** Each bar's height and the room around them: the chart grows with its rows, so a long list stays readable on a phone. */
const BAR_PX = 32;
const AXIS_PX = 48;

export const spendingChartHeight = (bars: number) => AXIS_PX + BAR_PX * Math.max(bars, 1);

/** Horizontal bars, largest first as the server orders them, in the theme's primary colour. */
export function spendingBarData(bars: readonly SpendingBar[], colors: Pick<ChartColors, 'line'>, label: string): ChartData<'bar', number[], string> {
  return {
    labels: bars.map((b) => b.name),
    datasets: [{ label, data: bars.map((b) => b.amount), backgroundColor: colors.line, borderRadius: 4, maxBarThickness: 24 }],
  };
}

/** Tooltip of a bar: 'Food: €12.50'. */
export function spendingTooltipLabel(currency: string, item: Pick<TooltipItem<'bar'>, 'label' | 'parsed'>): string {
  return `${item.label}: ${formatMoney(item.parsed.x ?? 0, currency)}`;
}

export function spendingBarOptions(currency: string, { colors, animate }: ChartLook): ChartOptions<'bar'> {
  return {
    indexAxis: 'y',
    responsive: true,
    animation: animate ? undefined : false,
    maintainAspectRatio: false,
    scales: {
      x: { beginAtZero: true, grid: { color: colors.grid }, ticks: { color: colors.text, callback: (value) => compactMoney(Number(value), currency) } },
      y: { grid: { display: false }, ticks: { color: colors.text } },
    },
    plugins: {
      // One series, named by the caption beside it: a legend would only repeat it.
      legend: { display: false },
      tooltip: { callbacks: { label: (item) => spendingTooltipLabel(currency, item) } },
    },
  };
}
