// Type-only imports of chart.js: this file is unit-tested without the library, which only the
// lazily loaded ForecastChart brings in.
import type { ChartData, ChartOptions, TooltipItem } from 'chart.js';
import type { Forecast } from '../../../shared/dashboard';
import { MONTH_ABBREVIATIONS, calendarParts } from '../../../shared/calendar';
import { formatMoney } from '../../ui/money';
import { formatMonthDay } from '../../ui/dates';
// The analytics charts' axis format and look, so both features' charts read alike.
import { compactMoney, type ChartLook } from '../../ui/charts/chartLook';

export const SPENT_LABEL = 'Spent';
export const PROJECTION_LABEL = 'Forecast';
export const AVAILABLE_LABEL = 'Available';

/** The three lines' colours, from the theme. */
export interface ForecastChartColors {
  spent: string;
  projection: string;
  available: string;
}

/** One value per day of the month; null where a line has nothing to say (chart.js leaves a gap). */
type DayValues = (number | null)[];

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The straight line from today's spending to the forecast at month end, one value per day: null
 * before today, so it starts where the solid line stops.
 */
export function projection(spentByDay: readonly number[], daysInMonth: number, forecastAmount: number): DayValues {
  const today = spentByDay.length;
  if (today === 0) return Array<null>(daysInMonth).fill(null);
  const start = spentByDay[today - 1];
  const daysLeft = daysInMonth - today;
  return Array.from({ length: daysInMonth }, (_, i) => {
    const day = i + 1;
    if (day < today) return null;
    return daysLeft === 0 ? start : cents(start + ((forecastAmount - start) * (day - today)) / daysLeft);
  });
}

/**
 * Spending so far (solid), the projection to month end (dashed; none while it is too early for
 * a forecast) and, with a budget, what is available this month as a flat line.
 */
export function forecastChartData(forecast: Forecast, available: number | null, colors: ForecastChartColors): ChartData<'line', DayValues, string> {
  const [, month, days] = calendarParts(forecast.month_end);
  const labels = Array.from({ length: days }, (_, i) => `${MONTH_ABBREVIATIONS[month - 1]} ${i + 1}`);
  const line = { borderWidth: 2, pointRadius: 0, pointHoverRadius: 4, tension: 0 };
  const datasets: ChartData<'line', DayValues, string>['datasets'] = [
    {
      ...line,
      label: SPENT_LABEL,
      data: labels.map((_, i) => forecast.spent_by_day[i] ?? null),
      borderColor: colors.spent,
      backgroundColor: colors.spent,
    },
  ];
  if (forecast.amount !== null) {
    datasets.push({
      ...line,
      label: PROJECTION_LABEL,
      data: projection(forecast.spent_by_day, days, forecast.amount),
      borderColor: colors.projection,
      backgroundColor: colors.projection,
      borderDash: [6, 4],
    });
  }
  if (available !== null) {
    datasets.push({
      ...line,
      label: AVAILABLE_LABEL,
      data: labels.map(() => available),
      borderColor: colors.available,
      backgroundColor: colors.available,
      borderWidth: 1.5,
    });
  }
  return { labels, datasets };
}

/** Tooltip of one line on one day: 'Forecast: $812.40'. */
export function forecastTooltipLabel(item: Pick<TooltipItem<'line'>, 'dataset' | 'parsed'>): string {
  return `${item.dataset.label ?? ''}: ${formatMoney(item.parsed.y ?? 0)}`;
}

/** A small chart: few ticks so the labels fit a phone, a legend under it to tell the lines apart. */
export function forecastChartOptions({ colors, animate }: ChartLook): ChartOptions<'line'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: animate ? undefined : false,
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: { grid: { display: false }, ticks: { color: colors.text, maxRotation: 0, autoSkip: true, maxTicksLimit: 5 } },
      y: {
        beginAtZero: true,
        grid: { color: colors.grid },
        ticks: { color: colors.text, maxTicksLimit: 5, callback: (value) => compactMoney(Number(value)) },
      },
    },
    plugins: {
      legend: { display: true, position: 'bottom', labels: { color: colors.text, boxWidth: 12 } },
      // A line with nothing on that day (the projection before today) says nothing.
      tooltip: { filter: (item) => item.parsed.y !== null, callbacks: { label: forecastTooltipLabel } },
    },
  };
}

/** The chart's accessible name; the card's sentences above it say the same in words. */
export function forecastChartLabel(forecast: Pick<Forecast, 'amount' | 'month_end'>, available: number | null): string {
  const shown =
    forecast.amount === null
      ? 'Spending so far this month by day'
      : `Spending so far this month by day and the forecast to ${formatMonthDay(forecast.month_end)}`;
  return `${shown}${available === null ? '' : `, against the ${formatMoney(available)} available`}, line chart`;
}
