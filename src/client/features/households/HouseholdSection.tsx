import { useId, useState, type ReactNode } from 'react';
import { Box, CircularProgress, Paper, TablePagination, Typography } from '@mui/material';
import type { Page } from '../../api/pagedResponse';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import type { Household } from '../../../shared/households';
import { HOUSEHOLD_ROWS_PER_PAGE, type HouseholdPageArg } from './householdsApi';

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

/** A row of a section's list: its main text, a line under it, and what sits at its end (an amount, a button); greyed when `muted`. */
export function SectionRow({ main, detail, end, muted }: { main: ReactNode; detail?: ReactNode; end?: ReactNode; muted?: boolean }) {
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
        color: muted ? 'text.secondary' : 'text.primary',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{main}</Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Typography>
        )}
      </Box>
      {end}
    </Box>
  );
}

/** What a paged list says: its heading, and its texts when empty and when it fails to load. */
export interface PagedSectionTexts {
  title: string;
  empty: string;
  failure: string;
}

export interface PagedSectionProps<T> extends PagedSectionTexts {
  household: Household;
  /** The endpoint hook of the list (a module-level hook, so the order of hooks never changes). */
  useQuery: (arg: HouseholdPageArg) => Loaded<Page<T>>;
  row: (item: T, household: Household) => ReactNode;
}

/** A section listing one of the household's paged lists, newest first, with pages once there is more than one. */
export function PagedSection<T>({ household, title, useQuery, row, empty, failure }: PagedSectionProps<T>) {
  const [page, setPage] = useState(0);
  const result = useQuery({ id: household._id, offset: page * HOUSEHOLD_ROWS_PER_PAGE });
  const total = result.data?.total ?? 0;
  return (
    <HouseholdSection title={title}>
      <LoadedRows label={title} result={result} empty={empty} failure={failure} rows={({ items }) => items.map((item) => row(item, household))} />
      {total > HOUSEHOLD_ROWS_PER_PAGE && (
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page, Math.ceil(total / HOUSEHOLD_ROWS_PER_PAGE) - 1)}
          rowsPerPage={HOUSEHOLD_ROWS_PER_PAGE}
          rowsPerPageOptions={[]}
          onPageChange={(_e, next) => setPage(next)}
          aria-label={`Pages of ${title.toLowerCase()}`}
        />
      )}
    </HouseholdSection>
  );
}
