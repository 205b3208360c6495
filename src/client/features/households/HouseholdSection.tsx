import { useId, useState, type ReactNode } from 'react';
import { Box, CircularProgress, Paper, TablePagination, Typography } from '@mui/material';
import type { Page } from '../../api/pagedResponse';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { HOUSEHOLD_ROWS_PER_PAGE } from './householdsApi';

export interface HouseholdSectionProps {
  title: string;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One part of the household's page: a framed section named by its heading. */
export function HouseholdSection({ title, actions, children }: HouseholdSectionProps) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
      </Box>
      {children}
    </Paper>
  );
}

/** What an RTK Query hook answers, as much of it as a section shows. */
export interface Loaded<T> {
  data?: T;
  isLoading: boolean;
  isFetching?: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface LoadedRowsProps<T> {
  /** The list's accessible name ('Balances'). */
  label: string;
  result: Loaded<T>;
  rows: (data: T) => readonly ReactNode[];
  /** Said when there are no rows. */
  empty: string;
  failure: string;
}

/** A section's rows once loaded: a spinner first, the failure with a retry, the empty state, or the list. */
export function LoadedRows<T>({ label, result, rows, empty, failure }: LoadedRowsProps<T>) {
  if (result.isLoading) return <CircularProgress size={24} aria-label={`Loading ${label.toLowerCase()}`} sx={{ display: 'block', mx: 'auto', my: 2 }} />;
  if (result.isError || !result.data) return <ErrorState message={failure} onRetry={() => void result.refetch()} />;
  const shown = rows(result.data);
  if (shown.length === 0) return <EmptyState message={empty} />;
  return (
    <Box component="ul" aria-label={label} sx={{ p: 0, m: 0 }}>
      {shown}
    </Box>
  );
}

/** A row of a section's list: its main text, a line under it, and what sits at its end (an amount, a button). */
export function SectionRow({ main, detail, end, detailId }: { main: ReactNode; detail?: ReactNode; end?: ReactNode; detailId?: string }) {
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{main}</Typography>
        {detail && (
          <Typography id={detailId} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Typography>
        )}
      </Box>
      {end}
    </Box>
  );
}

/** The page a paged section shows, and the offset its query asks for. */
export function usePageOffset() {
  const [page, setPage] = useState(0);
  return { page, setPage, offset: page * HOUSEHOLD_ROWS_PER_PAGE };
}

/** Pages of a section's list, once there is more than one. */
export function SectionPager({ data, page, onPage, label }: { data?: Page<unknown>; page: number; onPage: (page: number) => void; label: string }) {
  if (!data || data.total <= HOUSEHOLD_ROWS_PER_PAGE) return null;
  return (
    <TablePagination
      component="div"
      count={data.total}
      page={Math.min(page, Math.ceil(data.total / HOUSEHOLD_ROWS_PER_PAGE) - 1)}
      rowsPerPage={HOUSEHOLD_ROWS_PER_PAGE}
      rowsPerPageOptions={[]}
      onPageChange={(_e, next) => onPage(next)}
      aria-label={`Pages of ${label.toLowerCase()}`}
    />
  );
}
