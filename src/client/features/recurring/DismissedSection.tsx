import { useId, useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import type { RecurringSeries } from '../../../shared/recurring';
import { ExpandIcon } from './ExpandIcon';
import type { SeriesAction } from './seriesActions';
import { SeriesList } from './SeriesList';

/** Where the focus goes when a bill is dismissed while this list is closed. */
export const DISMISSED_TOGGLE_ID = 'recurring-dismissed-toggle';

export interface DismissedSectionProps {
  series: readonly RecurringSeries[];
  busyId: string | null;
  onAction: (series: RecurringSeries, action: SeriesAction) => void;
}

/** The dismissed bills, closed by default: out of the way, but each can be brought back. */
export function DismissedSection({ series, busyId, onAction }: DismissedSectionProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (series.length === 0) return null;
  return (
    <Box component="section">
      {/* A heading holding its toggle (WAI-ARIA's accordion): found by heading and by button. */}
      <Typography variant="h5" component="h2" sx={{ fontSize: '1.35rem', fontWeight: 600 }}>
        <Button
          id={DISMISSED_TOGGLE_ID}
          color="inherit"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          endIcon={<ExpandIcon open={open} />}
          sx={{ font: 'inherit', textTransform: 'none', ml: -1 }}
        >
          Dismissed ({series.length})
        </Button>
      </Typography>
      {open && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Not bills, as you said. Restore one to review it again.
          </Typography>
          <SeriesList id={listId} label="Dismissed" series={series} busyId={busyId} onAction={onAction} />
        </>
      )}
    </Box>
  );
}
