import { useMemo } from 'react';
import { Box } from '@mui/material';
import { Bar } from 'react-chartjs-2';
import '../../ui/charts/chartSetup';
import { useChartLook } from '../../ui/charts/useChartLook';
import { spendingBarData, spendingBarOptions, spendingChartHeight, type SpendingBar } from './spendingChart';

/**
 * A currency's spending as bars. The same figures are in the table under it, so the canvas is
 * named for what it shows and the table carries the numbers for screen readers.
 */
export default function SpendingBars({ bars, currency, caption }: { bars: readonly SpendingBar[]; currency: string; caption: string }) {
  const look = useChartLook();
  const data = useMemo(() => spendingBarData(bars, look.colors, caption), [bars, look.colors, caption]);
  const options = useMemo(() => spendingBarOptions(currency, look), [currency, look]);
  return (
    <Box sx={{ position: 'relative', width: '100%', height: spendingChartHeight(bars.length) }}>
      <Bar data={data} options={options} role="img" aria-label={`${caption}, bar chart; the figures are in the table below`} />
    </Box>
  );
}
