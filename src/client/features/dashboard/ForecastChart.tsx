import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { useTheme } from '@mui/material/styles';
// Chart.js as the analytics charts register it: loaded only with this lazy module, which the
// dashboard imports into the analytics chunk, so the library never weighs on the first screen.
import '../../ui/charts/chartSetup';
import { useChartLook } from '../../ui/charts/useChartLook';
import type { Forecast } from '../../../shared/dashboard';
import { forecastChartData, forecastChartLabel, forecastChartOptions } from './forecastChartData';

export interface ForecastChartProps {
  forecast: Forecast;
  available: number | null;
}

/** Spending so far, the dashed projection to month end and the line of what is available; fills its parent's height. */
export default function ForecastChart({ forecast, available }: ForecastChartProps) {
  const look = useChartLook();
  const availableColor = useTheme().palette.secondary.main;
  const data = useMemo(
    () => forecastChartData(forecast, available, { spent: look.colors.line, projection: look.colors.line, available: availableColor }),
    [forecast, available, look.colors.line, availableColor],
  );
  const options = useMemo(() => forecastChartOptions(look), [look]);
  return <Line data={data} options={options} aria-label={forecastChartLabel(forecast, available)} />;
}
