import { useMemo } from 'react';
import { Box } from '@mui/material';
import { Line } from 'react-chartjs-2';
import '../../ui/charts/chartSetup';
import type { AnalyticsRange, AnalyticsSeries } from '../../../shared/analytics';
import { formatMoney } from '../../ui/money';
import { CHART_HEIGHT, lineChartData, lineChartOptions } from './chartData';
import { PERIOD_UNIT, pointName, seriesCaption } from './analyticsText';
import { FiguresTable } from './FiguresTable';
import { useChartLook } from '../../ui/charts/useChartLook';

/** Spec §2: a smooth indigo line of spending per period, 300 px high, full width. */
export function SpendingLineChart({ range, series }: { range: AnalyticsRange; series: AnalyticsSeries }) {
  const look = useChartLook();
  const data = useMemo(() => lineChartData(series, look.colors), [series, look.colors]);
  const options = useMemo(() => lineChartOptions(range, look), [range, look]);
  const caption = seriesCaption(range);
  const unit = PERIOD_UNIT[range];
  return (
    <Box sx={{ position: 'relative', width: '100%', height: CHART_HEIGHT }}>
      <Line data={data} options={options} aria-label={`${caption}, line chart of the last ${series.length} ${unit}s`} />
      <FiguresTable
        caption={caption}
        nameHeader={unit[0].toUpperCase() + unit.slice(1)}
        rows={series.map((p) => ({ name: pointName(range, p.period), value: formatMoney(p.amount) }))}
        testId="analytics-series-table"
      />
    </Box>
  );
}
