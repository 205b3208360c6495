import { useMemo } from 'react';
import { Box } from '@mui/material';
import { Line } from 'react-chartjs-2';
import '../../ui/charts/chartSetup';
import type { PriceHistory } from '../../../shared/prices';
import { formatMoney } from '../../ui/money';
import { useChartLook } from '../../ui/charts/useChartLook';

/** The unit price at each purchase, oldest first; the table beside it says the same in words. */
export function PriceChart({ history }: { history: PriceHistory }) {
  const look = useChartLook();
  const data = useMemo(
    () => ({
      labels: history.points.map((p) => `${p.date} ${p.store}`),
      datasets: [
        {
          label: `${history.item}, price of one`,
          data: history.points.map((p) => p.unit_price),
          borderColor: look.colors.line,
          backgroundColor: look.colors.line,
          tension: 0.2,
          pointRadius: 4,
        },
      ],
    }),
    [history, look.colors.line],
  );
  const options = useMemo(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: look.animate ? undefined : (false as const),
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            label: (ctx: { parsed: { y: number | null }; dataIndex: number }) => formatMoney(ctx.parsed.y ?? 0, history.points[ctx.dataIndex].currency),
          },
        },
      },
      scales: {
        x: {
          ticks: { color: look.colors.text, maxRotation: 0, autoSkip: true, callback: (_v: unknown, i: number) => history.points[i]?.date },
          grid: { color: look.colors.grid },
        },
        y: { ticks: { color: look.colors.text }, grid: { color: look.colors.grid } },
      },
    }),
    [history, look],
  );
  return (
    <Box sx={{ position: 'relative', width: '100%', height: 260 }}>
      <Line data={data} options={options} aria-label={`${history.item}: price of one at each of ${history.points.length} purchases, line chart`} />
    </Box>
  );
}
