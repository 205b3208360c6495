import {
  CHART_HEIGHT,
  CHART_PADDING,
  doughnutData,
  doughnutOptions,
  doughnutTooltipLabel,
  lineChartData,
  lineChartOptions,
  lineTooltipLabel,
  type ChartColors,
} from '../../../../src/client/features/analytics/chartData';

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
  const options = lineChartOptions({ colors, animate: true });

  it('fills the 300 px box with the spec margins, a grid, a legend and a tooltip', () => {
    expect(CHART_HEIGHT).toBe(300);
    expect(options.maintainAspectRatio).toBe(false);
    expect(options.layout?.padding).toEqual({ top: 20, right: 30, left: 20, bottom: 5 });
    expect(CHART_PADDING).toEqual({ top: 20, right: 30, left: 20, bottom: 5 });
    expect(options.scales?.x?.grid?.color).toBe('#DDDDDD');
    expect(options.scales?.y?.grid?.color).toBe('#DDDDDD');
    expect(options.plugins?.legend?.display).toBe(true);
    expect(options.plugins?.tooltip?.callbacks?.label).toBe(lineTooltipLabel);
  });

  it('labels the vertical axis in dollars', () => {
    const tick = options.scales?.y?.ticks?.callback as (value: number | string) => string;
    expect(tick(0)).toBe('$0.00');
    expect(tick(1500)).toBe('$1,500.00');
    expect(tick('250.5')).toBe('$250.50');
  });

  it('keeps the charts still for people who asked for reduced motion', () => {
    expect(options.animation).toBeUndefined();
    expect(lineChartOptions({ colors, animate: false }).animation).toBe(false);
    expect(doughnutOptions({ colors, animate: false }).animation).toBe(false);
  });

  it('shows a point as money in the tooltip', () => {
    const item = { dataset: { label: 'Spending' }, parsed: { x: 1, y: 42.5 } } as Parameters<typeof lineTooltipLabel>[0];
    expect(lineTooltipLabel(item)).toBe('Spending: $42.50');
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
