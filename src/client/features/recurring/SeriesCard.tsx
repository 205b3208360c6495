import { Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import type { RecurringSeries } from '../../../shared/recurring';
import { BasedOnReceipts } from './BasedOnReceipts';
import { foundText, seriesSentence } from './recurringText';
import { ACTIONS_BY_STATUS, actionLabel, type SeriesAction } from './seriesActions';
import { NeedsServer } from '../../ui/NeedsServer';

export interface SeriesCardProps {
  series: RecurringSeries;
  /** A change of this series is on its way: its buttons wait. */
  busy: boolean;
  onAction: (action: SeriesAction) => void;
}

/** The id of a card's heading, where the focus goes when the card moves to another section. */
export const seriesHeadingId = (id: string) => `recurring-series-${id}`;

/** One recurring bill: what it costs and when, what it was found in, and what the person can do with it. */
export function SeriesCard({ series, busy, onAction }: SeriesCardProps) {
  return (
    <Card component="li" variant="outlined" data-testid="series-card" sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ pb: 1, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography
            id={seriesHeadingId(series._id)}
            tabIndex={-1}
            variant="h6"
            component="h3"
            sx={{ fontSize: '1.1rem', minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {series.store}
          </Typography>
          {series.edited && <Chip label="Edited" size="small" variant="outlined" />}
        </Box>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {seriesSentence(series)}
        </Typography>
        {series.edited && (
          <Typography variant="caption" color="text.secondary" component="p">
            {foundText(series)}
          </Typography>
        )}
        <Box sx={{ mt: 1 }}>
          <BasedOnReceipts series={series} />
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2, pt: 0, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {ACTIONS_BY_STATUS[series.status].map((action, i) => (
          // Edit opens a form (its Save says why it is off offline); the others save at once.
          <NeedsServer key={action} needed={action !== 'edit'}>
            <Button
              size="small"
              // The first is the section's main step (Confirm, Edit, Restore).
              variant={i === 0 ? 'contained' : 'outlined'}
              disabled={busy}
              aria-label={`${actionLabel(action)} ${series.store}`}
              onClick={() => onAction(action)}
            >
              {actionLabel(action)}
            </Button>
          </NeedsServer>
        ))}
      </CardActions>
    </Card>
  );
}
