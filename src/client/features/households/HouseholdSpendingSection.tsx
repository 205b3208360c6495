import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Box, CircularProgress, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { CurrencySpending, Household } from '../../../shared/households';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { formatMoney } from '../../ui/money';
import { todayIso } from '../../ui/dates';
import { HouseholdSection } from './HouseholdSection';
import { useGetHouseholdSpendingQuery } from './householdsApi';
import { monthLabel, monthMoved, monthOf } from './spendingText';
import { spendingChartHeight, type SpendingBar } from './spendingChart';

// Chart.js goes with the bars into the analytics chunk, as the dashboard's forecast chart does:
// the household page loads without it, and the tables under the bars hold every figure, so a
// chunk that cannot load leaves the section whole.
const SpendingBars = lazy<ComponentType<{ bars: readonly SpendingBar[]; currency: string; caption: string }>>(() =>
  import(/* webpackChunkName: "analytics" */ './SpendingBars').catch(() => ({ default: () => null })),
);

/** The whole household's spending in a month: its shared receipts by category and each person's shares. */
export function HouseholdSpendingSection({ household }: { household: Household }) {
  const [month, setMonth] = useState(() => monthOf(todayIso()));
  const spending = useGetHouseholdSpendingQuery({ id: household._id, ...month });
  const label = monthLabel(month);
  return (
    <HouseholdSection
      title="Spending"
      actions={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <IconButton aria-label="Previous month" onClick={() => setMonth(monthMoved(month, -1))}>
            <ChevronLeftIcon />
          </IconButton>
          <Typography component="span" aria-live="polite" sx={{ minWidth: '9em', textAlign: 'center' }}>
            {label}
          </Typography>
          <IconButton aria-label="Next month" onClick={() => setMonth(monthMoved(month, 1))}>
            <ChevronRightIcon />
          </IconButton>
        </Box>
      }
    >
      {spending.isLoading ? (
        <CircularProgress size={24} aria-label="Loading spending" sx={{ display: 'block', mx: 'auto', my: 2 }} />
      ) : spending.isError || !spending.data ? (
        <ErrorState message="Failed to load the household’s spending" onRetry={() => void spending.refetch()} />
      ) : spending.data.currencies.length === 0 ? (
        <EmptyState message={`Nothing was shared in ${label}.`} />
      ) : (
        spending.data.currencies.map((c) => <CurrencyFigures key={c.currency} spending={c} label={label} />)
      )}
    </HouseholdSection>
  );
}

/** One currency's figures: the total, then by category and by person side by side (stacked on phones). */
function CurrencyFigures({ spending, label }: { spending: CurrencySpending; label: string }) {
  const money = (amount: number) => formatMoney(amount, spending.currency);
  return (
    <Box sx={{ mt: 1, mb: 2 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {`Total shared in ${spending.currency}: ${money(spending.total)}`}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start', gap: 2 }}>
        <FiguresOf
          caption={`${label}, ${spending.currency}, by category`}
          header="Category"
          currency={spending.currency}
          rows={spending.by_category.map((r) => ({ key: r.category, name: r.category, amount: r.amount }))}
        />
        <FiguresOf
          caption={`${label}, ${spending.currency}, each person’s shares`}
          header="Person"
          currency={spending.currency}
          rows={spending.by_member.map((r) => ({ key: r.member_id, name: r.display_name, amount: r.amount }))}
        />
      </Box>
    </Box>
  );
}

/** One breakdown: its bars, then the same figures as a table (what a screen reader reads, and what is left if the chart cannot load). */
function FiguresOf({
  caption,
  header,
  currency,
  rows,
}: {
  caption: string;
  header: string;
  currency: string;
  rows: Array<{ key: string; name: string; amount: number }>;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ height: spendingChartHeight(rows.length), mt: 1 }}>
        <Suspense fallback={null}>
          <SpendingBars bars={rows} currency={currency} caption={caption} />
        </Suspense>
      </Box>
      <FiguresTable caption={caption} header={header} rows={rows.map((r) => ({ ...r, amount: formatMoney(r.amount, currency) }))} />
    </Box>
  );
}

function FiguresTable({ caption, header, rows }: { caption: string; header: string; rows: Array<{ key: string; name: string; amount: string }> }) {
  return (
    <Table size="small" sx={{ '& caption': { captionSide: 'top', px: 0, pt: 1, pb: 0.5 } }}>
      <caption>{caption}</caption>
      <TableHead>
        <TableRow>
          <TableCell scope="col">{header}</TableCell>
          <TableCell scope="col" align="right">
            Amount
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <TableCell component="th" scope="row">
              {r.name}
            </TableCell>
            <TableCell align="right">{r.amount}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
