import { useMemo } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { analyticsRangeSet, selectAnalyticsRange } from '../../app/uiSlice';
import { errorMessage } from '../../api/api';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { useGetAnalyticsBreakdownQuery, useGetAnalyticsQuery } from './analyticsApi';
import { userTimeZone } from '../../ui/dates';
import { selectAnalyticsArgs } from './analyticsSelectors';
import { EMPTY_TEXT, LOADING_TEXT, PERIOD_UNIT, isEmptySeries, seriesCaption } from './analyticsText';
import { PeriodSummary } from './PeriodSummary';
import { RangeButtons } from './RangeButtons';
import { SpendingLineChart } from './SpendingLineChart';
import { CategoryDoughnut } from './CategoryDoughnut';
import { useLoggedError } from './useLoggedError';

function ErrorText({ message }: { message: string }) {
  return (
    <Typography role="alert" color="error" sx={{ py: 2 }}>
      Error: {message}
    </Typography>
  );
}

/** /analytics (spec §2): spending per week, month or year, and this period by category. */
export default function AnalyticsPage() {
  const dispatch = useAppDispatch();
  const range = useAppSelector(selectAnalyticsRange);
  const tz = useMemo(() => userTimeZone(), []);
  const args = useAppSelector((state) => selectAnalyticsArgs(state, tz));
  // currentData is this range's answer only: another range's figures never stand in for it.
  const series = useGetAnalyticsQuery(args);
  const breakdown = useGetAnalyticsBreakdownQuery(args);

  const seriesError = series.isError ? errorMessage(series.error, 'Failed to fetch analytics') : null;
  const breakdownError = breakdown.isError ? errorMessage(breakdown.error, 'Failed to fetch analytics') : null;
  useLoggedError(seriesError);
  useLoggedError(breakdownError);

  let body;
  if (seriesError) body = <ErrorText message={seriesError} />;
  else if (!series.currentData) body = <LoadingView label={LOADING_TEXT} />;
  // A new account's periods are all zero: nothing to draw, rather than a flat line.
  else if (isEmptySeries(series.currentData)) body = <Typography sx={{ py: 4, textAlign: 'center' }}>{EMPTY_TEXT}</Typography>;
  else {
    const current = breakdown.currentData?.current;
    body = (
      <Stack spacing={2}>
        {current && <PeriodSummary range={range} comparison={current} />}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
          <Paper component="section" aria-labelledby="analytics-series-heading" sx={{ p: 2, minWidth: 0 }}>
            <Typography id="analytics-series-heading" variant="h6" component="h2" gutterBottom>
              {seriesCaption(range)}
            </Typography>
            {/* One chart per range: a range switch draws afresh rather than morphing one range into another. */}
            <SpendingLineChart key={range} range={range} series={series.currentData} />
          </Paper>
          <Paper component="section" aria-labelledby="analytics-breakdown-heading" sx={{ p: 2, minWidth: 0 }}>
            <Typography id="analytics-breakdown-heading" variant="h6" component="h2" gutterBottom>
              This {PERIOD_UNIT[range]} by category
            </Typography>
            {breakdownError ? (
              <ErrorText message={breakdownError} />
            ) : !breakdown.currentData ? (
              <Typography color="textSecondary">{LOADING_TEXT}</Typography>
            ) : breakdown.currentData.categories.length === 0 ? (
              <Typography color="textSecondary">Nothing spent this {PERIOD_UNIT[range]} yet.</Typography>
            ) : (
              <CategoryDoughnut key={range} range={range} categories={breakdown.currentData.categories} />
            )}
          </Paper>
        </Box>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title="Analytics" actions={<RangeButtons value={range} onChange={(next) => dispatch(analyticsRangeSet(next))} />} />
      {body}
    </>
  );
}
