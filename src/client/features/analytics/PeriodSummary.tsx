import { Box, Typography } from '@mui/material';
import type { AnalyticsRange } from '../../../shared/analytics';
import { PERIOD_UNIT, periodSummary, previousFigures, type PeriodComparison } from './analyticsText';

/**
 * This period's total with its change, and under it what it is compared with: the same days of
 * the previous period and the whole of it, so a percentage never stands without its base.
 */
export function PeriodSummary({ range, comparison }: { range: AnalyticsRange; comparison: PeriodComparison }) {
  return (
    <Box>
      <Typography data-testid="analytics-summary" sx={{ fontSize: '1.125rem' }}>
        {periodSummary(range, comparison)}
      </Typography>
      {/* role="list": Safari drops a list's meaning once its bullets are styled away. */}
      <Box
        component="ul"
        role="list"
        aria-label={`Compared with last ${PERIOD_UNIT[range]}`}
        data-testid="analytics-previous"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}
      >
        {previousFigures(range, comparison).map((text) => (
          <Typography key={text} component="li" variant="body2" color="textSecondary">
            {text}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
