import { useMemo } from 'react';
import { Box } from '@mui/material';
import { Doughnut } from 'react-chartjs-2';
import '../../ui/charts/chartSetup';
import type { AnalyticsBreakdown, AnalyticsRange } from '../../../shared/analytics';
import { formatMoney } from '../../ui/money';
import { CHART_HEIGHT, doughnutData, doughnutOptions } from './chartData';
import { breakdownCaption } from './analyticsText';
import { FiguresTable } from './FiguresTable';
import { useChartLook } from '../../ui/charts/useChartLook';

/** This period split by category, beside the line (under it on phones). */
export function CategoryDoughnut({ range, categories }: { range: AnalyticsRange; categories: AnalyticsBreakdown['categories'] }) {
  const look = useChartLook();
  const data = useMemo(() => doughnutData(categories, look.colors), [categories, look.colors]);
  const options = useMemo(() => doughnutOptions(look), [look]);
  const caption = breakdownCaption(range);
  return (
    <Box sx={{ position: 'relative', width: '100%', height: CHART_HEIGHT }}>
      <Doughnut data={data} options={options} aria-label={`${caption}, doughnut chart`} />
      <FiguresTable
        caption={caption}
        nameHeader="Category"
        rows={categories.map((c) => ({ name: c.category, value: formatMoney(c.amount) }))}
        testId="analytics-breakdown-table"
      />
    </Box>
  );
}
