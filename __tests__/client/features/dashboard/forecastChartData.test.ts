import type { Forecast } from '../../../../src/shared/dashboard';
import {
  AVAILABLE_LABEL,
  PROJECTION_LABEL,
  SPENT_LABEL,
  forecastChartData,
  forecastChartLabel,
  forecastChartOptions,
  forecastTooltipLabel,
  projection,
} from '../../../../src/client/features/dashboard/forecastChartData';

const colors = { spent: '#4338CA', projection: '#4338CA', available: '#0F766E' };
const look = { colors: { line: '#4338CA', text: '#555555', grid: '#DDDDDD', surface: '#FFFFFF' }, animate: true };
/** Four days of a 30-day November: $40 a day, forecast $1,230 with bills. */
const forecast: Forecast = { amount: 1230, month_end: '2026-11-30', bills_to_come: 30, bills: [], spent_by_day: [40, 80, 120, 160] };

describe('projection', () => {
  it('runs straight from today’s spending to the forecast at month end, nothing before today', () => {
    expect(projection([10, 20], 5, 50)).toEqual([null, 20, 30, 40, 50]);
  });

  it('rounds to the cent', () => {
    expect(projection([0], 4, 10)).toEqual([0, 3.33, 6.67, 10]);
  });

  it('is today’s point alone on the last day, and nothing before the first', () => {
    expect(projection([5, 6, 7], 3, 7)).toEqual([null, null, 7]);
    expect(projection([], 3, 7)).toEqual([null, null, null]);
  });
});

describe('forecastChartData', () => {
  const data = forecastChartData(forecast, 1000, colors);
  const line = (label: string) => data.datasets.find((d) => d.label === label)!;

  it('has a label for every day of the month', () => {
    expect(data.labels).toHaveLength(30);
    expect(data.labels?.[0]).toBe('Nov 1');
    expect(data.labels?.[29]).toBe('Nov 30');
  });

  it('draws spending so far solid and stops at today', () => {
    const spent = line(SPENT_LABEL);
    expect(spent.data.slice(0, 5)).toEqual([40, 80, 120, 160, null]);
    expect(spent.data.filter((v) => v !== null)).toHaveLength(4);
    expect(spent.borderDash).toBeUndefined();
    expect(spent.borderColor).toBe('#4338CA');
  });

  it('draws the projection dashed from today to the forecast', () => {
    const projected = line(PROJECTION_LABEL);
    expect(projected.borderDash).toEqual([6, 4]);
    expect(projected.data.slice(0, 3)).toEqual([null, null, null]);
    expect(projected.data[3]).toBe(160);
    expect(projected.data[29]).toBe(1230);
  });

  it('draws what is available flat across the month, and nothing of it without a budget', () => {
    const available = line(AVAILABLE_LABEL);
    expect(new Set(available.data)).toEqual(new Set([1000]));
    expect(available.data).toHaveLength(30);
    expect(available.borderColor).toBe('#0F766E');
    expect(forecastChartData(forecast, null, colors).datasets.map((d) => d.label)).toEqual([SPENT_LABEL, PROJECTION_LABEL]);
  });

  it('draws no projection while it is too early for a forecast', () => {
    const early = { ...forecast, amount: null };
    expect(forecastChartData(early, 1000, colors).datasets.map((d) => d.label)).toEqual([SPENT_LABEL, AVAILABLE_LABEL]);
    expect(forecastChartData(early, null, colors).datasets.map((d) => d.label)).toEqual([SPENT_LABEL]);
  });
});

describe('forecastChartOptions', () => {
  const options = forecastChartOptions(look);

  it('fills its box, follows the theme and keeps still for reduced motion', () => {
    expect(options.maintainAspectRatio).toBe(false);
    expect(options.scales?.y?.grid?.color).toBe('#DDDDDD');
    expect(options.plugins?.legend?.labels?.color).toBe('#555555');
    expect(options.animation).toBeUndefined();
    expect(forecastChartOptions({ ...look, animate: false }).animation).toBe(false);
  });

  it('labels the amounts short on the axis and in full in the tooltip', () => {
    const tick = options.scales?.y?.ticks?.callback as (value: number | string) => string;
    expect(tick(1500)).toBe('$1.5K');
    const item = { dataset: { label: PROJECTION_LABEL, data: [] }, parsed: { x: 3, y: 812.4 } } as unknown as Parameters<typeof forecastTooltipLabel>[0];
    expect(forecastTooltipLabel(item)).toBe('Forecast: $812.40');
  });

  it('leaves out of the tooltip a line with nothing on that day', () => {
    const filter = options.plugins?.tooltip?.filter as unknown as (item: { parsed: { y: number | null } }) => boolean;
    expect(filter({ parsed: { y: null } })).toBe(false);
    expect(filter({ parsed: { y: 0 } })).toBe(true);
  });
});

it('names the chart for screen readers', () => {
  expect(forecastChartLabel(forecast, 1000)).toBe('Spending so far this month by day and the forecast to Nov 30, against the $1,000.00 available, line chart');
  expect(forecastChartLabel(forecast, null)).toBe('Spending so far this month by day and the forecast to Nov 30, line chart');
  expect(forecastChartLabel({ ...forecast, amount: null }, 1000)).toBe('Spending so far this month by day, against the $1,000.00 available, line chart');
});
