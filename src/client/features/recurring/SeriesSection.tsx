import { Box, Typography } from '@mui/material';
import { SeriesList, type SeriesListProps } from './SeriesList';

export interface SeriesSectionProps extends Omit<SeriesListProps, 'label' | 'id'> {
  title: string;
  /** What the section's bills mean, under its heading. */
  description: string;
  /** Said instead of the list when the section has none. */
  emptyText: string;
}

/** A titled part of the page (To review, Confirmed) with its cards or a line saying there are none. */
export function SeriesSection({ title, description, emptyText, ...list }: SeriesSectionProps) {
  return (
    <Box component="section" sx={{ mb: 4 }}>
      <Typography variant="h5" component="h2" sx={{ fontSize: '1.35rem', fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {description}
      </Typography>
      {list.series.length === 0 ? <Typography color="text.secondary">{emptyText}</Typography> : <SeriesList label={title} {...list} />}
    </Box>
  );
}
