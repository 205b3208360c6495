import { Box } from '@mui/material';
import type { RecurringSeries } from '../../../shared/recurring';
import type { SeriesAction } from './seriesActions';
import { SeriesCard } from './SeriesCard';

export interface SeriesListProps {
  label: string;
  series: readonly RecurringSeries[];
  /** The series whose change is on its way, if any. */
  busyId: string | null;
  onAction: (series: RecurringSeries, action: SeriesAction) => void;
  id?: string;
}

/** The cards of one section: one column on a phone, two from a tablet on. */
export function SeriesList({ label, series, busyId, onAction, id }: SeriesListProps) {
  return (
    <Box
      component="ul"
      id={id}
      aria-label={label}
      sx={{ p: 0, m: 0, display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      {series.map((s) => (
        <SeriesCard key={s._id} series={s} busy={busyId === s._id} onAction={(action) => onAction(s, action)} />
      ))}
    </Box>
  );
}
