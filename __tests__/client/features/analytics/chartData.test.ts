import {
  CHART_HEIGHT,
  CHART_PADDING,
  doughnutData,
  doughnutOptions,
  doughnutTooltipLabel,
  lineChartData,
  lineChartOptions,
  lineTooltipLabel,
} from '../../../../src/client/features/analytics/chartData';
import type { ChartColors } from '../../../../src/client/ui/charts/chartLook';

const colors: ChartColors = { line: '#4338CA', text: '#555555', grid: '#DDDDDD', surface: '#FFFFFF' };
const series = [
  { period: 'Nov 2', amount: 0 },
  { period: 'Nov 9', amount: 42.5 },
  { period: 'Nov 16', amount: 1200 },
];

describe('lineChartData', () => {
  it('plots one point per period, oldest first, as a smooth indigo line', () => {
    const data = lineChartData(series, colors);
    expect(data.labels).toEqual(['Nov 2', 'Nov 9', 'Nov 16']);
    expect(data.datasets).toHaveLength(1);
    const [line] = data.datasets;
    expect(line.data).toEqual([0, 42.5, 1200]);
    expect(line.label).toBe('Spending');
    expect(line.tension).toBe(0.4);
    expect(line.borderColor).toBe('#4338CA');
  });

  it('handles an empty list', () => {
    const data = lineChartData([], colors);
    expect(data.labels).toEqual([]);
    expect(data.datasets[0].data).toEqual([]);
  });
});

describe('lineChartOptions', () => {
  const options = lineChartOptions('weekly', { colors, animate: true });
  type LabelCallback = (item: Parameters<typeof lineTooltipLabel>[1]) => string;

  it('fills the 300 px box with the spec margins, a grid, a legend and a tooltip', () => {
    expect(CHART_HEIGHT).toBe(300);
    expect(options.maintainAspectRatio).toBe(false);
    expect(options.layout?.padding).toEqual({ top: 20, right: 30, left: 20, bottom: 5 });
    expect(CHART_PADDING).toEqual({ top: 20, right: 30, left: 20, bottom: 5 });
    expect(options.scales?.x?.grid?.color).toBe('#DDDDDD');
    expect(options.scales?.y?.grid?.color).toBe('#DDDDDD');
    expect(options.plugins?.legend?.display).toBe(true);
    const label = options.plugins?.tooltip?.callbacks?.label as unknown as LabelCallback;
    expect(label({ label: 'Nov 16', parsed: { x: 0, y: 55 } } as Parameters<LabelCallback>[0])).toBe('Week of Nov 16: $55.00');
  });

  it('titles both axes and labels the vertical one in short dollars', () => {
    const tick = options.scales?.y?.ticks?.callback as (value: number | string) => string;
    expect(tick(0)).toBe('$0');
    expect(tick(950)).toBe('$950');
    expect(tick(1500)).toBe('$1.5K');
    expect(tick(1_400_000)).toBe('$1.4M');
    expect(tick('250.5')).toBe('$250.5');
    expect((options.scales?.x as { title?: { text?: string } }).title?.text).toBe('Week starting');
    expect((lineChartOptions('monthly', { colors, animate: true }).scales?.x as { title?: { text?: string } }).title?.text).toBe('Month');
    expect((options.scales?.y as { title?: { text?: string } }).title?.text).toBe('Spent');
  });

  it('keeps the charts still for people who asked for reduced motion', () => {
    expect(options.animation).toBeUndefined();
    expect(lineChartOptions('weekly', { colors, animate: false }).animation).toBe(false);
    expect(doughnutOptions({ colors, animate: false }).animation).toBe(false);
  });

  it('says in the tooltip which period a point is and its amount', () => {
    const item = (label: string, y: number) => ({ label, parsed: { x: 1, y } }) as Parameters<typeof lineTooltipLabel>[1];
    expect(lineTooltipLabel('weekly', item('Nov 16', 55))).toBe('Week of Nov 16: $55.00');
    expect(lineTooltipLabel('monthly', item('Nov 2026', 42.5))).toBe('Nov 2026: $42.50');
    expect(lineTooltipLabel('yearly', item('2026', 1234))).toBe('2026: $1,234.00');
  });
});

describe('doughnutData', () => {
  it('gives each category a slice in its own colour', () => {
    const data = doughnutData(
      [
        { category: 'Food', color: '#F97316', amount: 80 },
        { category: 'Transportation', color: '#3B82F6', amount: 20.25 },
      ],
      colors,
    );
    expect(data.labels).toEqual(['Food', 'Transportation']);
    expect(data.datasets[0].data).toEqual([80, 20.25]);
    expect(data.datasets[0].backgroundColor).toEqual(['#F97316', '#3B82F6']);
    expect(data.datasets[0].borderColor).toBe('#FFFFFF');
  });

  it('draws no slice for a category whose refunds outweigh its spending', () => {
    const data = doughnutData(
      [
        { category: 'Food', color: '#F97316', amount: 80 },
        { category: 'Clothing', color: '#EC4899', amount: -30 },
      ],
      colors,
    );
    expect(data.labels).toEqual(['Food']);
    expect(data.datasets[0].data).toEqual([80]);
  });

  it('has the spec margins, a legend and a money tooltip', () => {
    const options = doughnutOptions({ colors, animate: true });
    expect(options.layout?.padding).toEqual(CHART_PADDING);
    expect(options.plugins?.legend?.display).toBe(true);
    const item = { label: 'Food', parsed: 80 } as Parameters<typeof doughnutTooltipLabel>[0];
    expect(doughnutTooltipLabel(item)).toBe('Food: $80.00');
  });
});
