import { lazy, Suspense, useRef, type ComponentType } from 'react';
import { Box, Card, CardContent, List, ListItem, Typography } from '@mui/material';
import type { Forecast, Pace } from '../../../shared/dashboard';
import { formatMonthDay } from '../../ui/dates';
import { FormAlert } from '../../ui/FormAlert';
import { useNearViewport } from '../../ui/useNearViewport';
import { formatMoney } from '../../ui/money';
import { billsSentence, forecastOverBy, forecastSentence, forecastWarning } from './forecastText';
import { isAheadOfPace, paceDetail, paceSentence } from './paceText';
import type { ForecastChartProps } from './ForecastChart';

// Chart.js goes with the chart into the analytics chunk (the same name as the /analytics route's):
// the dashboard's first load stays without it, and a later visit to Analytics finds it loaded.
// It loads when the card's chart area comes on screen: on a phone it is below the fold,
// and Chart.js's code and first drawing would otherwise be most of the first load's main-thread work.
// The sentences say what the chart shows: if its chunk cannot load, the card goes without it
// rather than the whole dashboard failing.
const ForecastChart = lazy<ComponentType<ForecastChartProps>>(() =>
  import(/* webpackChunkName: "analytics" */ './ForecastChart').catch(() => ({ default: () => null })),
);

/** The chart's height; the box keeps it while the chart loads, so nothing below it jumps. */
const CHART_HEIGHT = 200;

export interface PaceForecastCardProps {
  pace: Pace;
  forecast: Forecast;
  /** This month's spending so far. */
  spent: number;
  /** The budget with the carry-over; null without a budget. */
  available: number | null;
}

function Bills({ bills }: { bills: Forecast['bills'] }) {
  return (
    <List dense disablePadding aria-label="Bills still to come">
      {bills.map((bill) => (
        <ListItem key={bill._id} disableGutters data-testid="forecast-bill" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0 }}>
          <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {bill.store}
          </Typography>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(bill.amount)}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="time" dateTime={bill.date}>
            {formatMonthDay(bill.date)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

/** Where this month is heading: spending against an even month, the month-end forecast and its chart. */
export function PaceForecastCard({ pace, forecast, spent, available }: PaceForecastCardProps) {
  const ahead = isAheadOfPace(pace);
  const bills = billsSentence(forecast);
  const overBy = forecastOverBy(forecast, available);
  const chartArea = useRef<HTMLDivElement>(null);
  const chartNear = useNearViewport(chartArea);
  return (
    <Card component="section" aria-labelledby="pace-forecast-heading" data-testid="pace-forecast">
      <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Box sx={{ display: 'grid', gap: 1.5, alignContent: 'start', minWidth: 0 }}>
          <Typography id="pace-forecast-heading" variant="h6" component="h2">
            Pace and forecast
          </Typography>
          <Box>
            <Typography data-testid="pace-sentence" sx={{ fontWeight: 600, color: ahead ? 'success.main' : 'error.main' }}>
              {paceSentence(pace)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {paceDetail(pace, spent)}
            </Typography>
          </Box>
          <Box>
            <Typography data-testid="forecast-sentence">{forecastSentence(forecast)}</Typography>
            {bills && (
              <>
                <Typography variant="body2" color="text.secondary" data-testid="forecast-bills">
                  {bills}
                </Typography>
                <Bills bills={forecast.bills} />
              </>
            )}
          </Box>
          <FormAlert severity="warning" message={overBy === null ? null : forecastWarning(overBy)} />
        </Box>
        <Box ref={chartArea} sx={{ position: 'relative', height: CHART_HEIGHT, minWidth: 0, alignSelf: 'center' }}>
          {chartNear && (
            <Suspense fallback={null}>
              <ForecastChart forecast={forecast} available={available} />
            </Suspense>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
