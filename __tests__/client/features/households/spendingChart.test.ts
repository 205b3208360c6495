import { spendingBarData, spendingBarOptions, spendingChartHeight, spendingTooltipLabel } from '../../../../src/client/features/households/spendingChart';
import type { ChartColors } from '../../../../src/client/ui/charts/chartLook';

const colors: ChartColors = { line: '#4338CA', text: '#555555', grid: '#DDDDDD', surface: '#FFFFFF' };
const bars = [
  { name: 'Food', amount: 120.5 },
  { name: 'Utilities', amount: 60 },
];

describe('the household spending bars', () => {
  it('draws one horizontal bar per row, in the server’s order, in the theme’s primary colour', () => {
    const data = spendingBarData(bars, colors, 'March 2026, USD, by category');
    expect(data.labels).toEqual(['Food', 'Utilities']);
    expect(data.datasets).toEqual([expect.objectContaining({ label: 'March 2026, USD, by category', data: [120.5, 60], backgroundColor: '#4338CA' })]);
    expect(spendingBarOptions('USD', { colors, animate: true }).indexAxis).toBe('y');
  });

  it('grows with its rows, so a long list stays readable', () => {
    expect(spendingChartHeight(6)).toBeGreaterThan(spendingChartHeight(2));
    expect(spendingChartHeight(0)).toBe(spendingChartHeight(1));
  });

  it('says amounts in the household’s currency, on the axis and in the tooltip', () => {
    const options = spendingBarOptions('EUR', { colors, animate: false });
    expect(options.animation).toBe(false);
    const tick = options.scales?.x?.ticks?.callback as (value: number) => string;
    expect(tick(1500)).toBe('€1.5K');
    expect(spendingTooltipLabel('EUR', { label: 'Food', parsed: { x: 12.5, y: 0 } })).toBe('Food: €12.50');
    expect(spendingTooltipLabel('JPY', { label: 'Food', parsed: { x: 1500, y: 0 } })).toBe('Food: ¥1,500');
  });

  it('leaves the legend out: the caption beside the bars names them', () => {
    expect(spendingBarOptions('USD', { colors, animate: true }).plugins?.legend?.display).toBe(false);
  });
});
