import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box, Button, Card, LinearProgress, TablePagination, useMediaQuery } from '@mui/material';
import DocumentScannerIcon from '@mui/icons-material/DocumentScanner';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { errorMessage } from '../../api/api';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useGetCategoriesQuery } from '../../entities/categories/categoryList';
import { useGetReceiptsQuery } from './receiptsApi';
import { ReceiptFilters } from './ReceiptFilters';
import { ReceiptCards, ReceiptTable } from './ReceiptRows';
import { NO_RECEIPTS, PAGE_SIZES, emptyStateMessage, readListState, toApiQuery, writeListState, type ListState } from './listQuery';
import { LinkButton } from '../../ui/LinkButton';
import { AddTransactionButton } from '../../entities/receipts/AddTransactionButton';

/** Waits this long after the last key before searching (search as you type, not per key). */
const SEARCH_DELAY_MS = 300;
const CARD_LAYOUT_QUERY = '(max-width: 799.95px)';

export default function ReceiptListPage() {
  // Below this the table splits store names and clips its actions (also at 200% zoom): cards instead.
  const narrow = useMediaQuery(CARD_LAYOUT_QUERY);
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  // Any change but paging starts again at the first page. Read from `prev` so a late (debounced) call never writes stale state.
  const update = useCallback(
    (patch: Partial<ListState>) => setParams((prev) => writeListState({ ...readListState(prev), page: 0, ...patch }), { replace: true }),
    [setParams],
  );

  // The box follows the typing; the address bar (and the request) follow once typing pauses.
  const [searchText, setSearchText] = useState(state.search);
  const settledSearch = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  // Only a newly settled text writes: a change of the address (Back, Clear filters) must not bring an old text back.
  const lastSettled = useRef(settledSearch);
  useEffect(() => {
    if (settledSearch === lastSettled.current) return;
    lastSettled.current = settledSearch;
    if (settledSearch !== state.search) update({ search: settledSearch });
  }, [settledSearch, state.search, update]);

  const { data: categories } = useGetCategoriesQuery();
  const { data, error, isLoading, isFetching, refetch } = useGetReceiptsQuery(toApiQuery(state));

  // A page past the end (after deleting the last receipt on it) moves back to the last page.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && state.page > 0) {
      update({ page: Math.max(0, Math.ceil(data.total / state.pageSize) - 1) });
    }
  }, [data, state.page, state.pageSize, update]);

  const empty = data ? emptyStateMessage(data.total, state) : null;

  return (
    <>
      <PageHeader
        title="Receipts"
        actions={
          <>
            <LinkButton to="/receipts/scan" variant="outlined" startIcon={<DocumentScannerIcon />}>
              Scan Receipt
            </LinkButton>
            <AddTransactionButton />
          </>
        }
      />
      <ReceiptFilters
        search={searchText}
        category={state.category}
        categories={(categories ?? []).map((c) => c.name)}
        underWarranty={state.underWarranty}
        sort={state.sort}
        order={state.order}
        onSearch={setSearchText}
        onCategory={(category) => update({ category })}
        onUnderWarranty={(underWarranty) => update({ underWarranty })}
        onSort={(sort) => update({ sort })}
        onOrder={(order) => update({ order })}
      />
      {isLoading ? (
        <LoadingView label="Loading receipts..." />
      ) : error ? (
        <ErrorState message={`Error loading receipts: ${errorMessage(error, 'unknown error')}`} onRetry={() => void refetch()} />
      ) : data && empty ? (
        <Card>
          <EmptyState
            icon={<ReceiptLongIcon />}
            message={empty}
            action={
              empty === NO_RECEIPTS ? (
                <LinkButton to="/receipts/add" variant="outlined">
                  Add your first receipt
                </LinkButton>
              ) : (
                <Button
                  variant="outlined"
                  onClick={() => {
                    setSearchText('');
                    update({ search: '', category: '', underWarranty: false });
                  }}
                >
                  Clear filters
                </Button>
              )
            }
          />
        </Card>
      ) : data ? (
        <Box sx={{ position: 'relative' }} aria-busy={isFetching}>
          {isFetching && <LinearProgress aria-label="Updating receipts" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />}
          {/* The previous rows stay, dimmed, until the new ones arrive. */}
          <Box sx={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}>
            {narrow ? (
              <ReceiptCards receipts={data.items} />
            ) : (
              <Card>
                <ReceiptTable receipts={data.items} />
              </Card>
            )}
          </Box>
          <TablePagination
            component="div"
            count={data.total}
            page={Math.min(state.page, Math.max(0, Math.ceil(data.total / state.pageSize) - 1))}
            rowsPerPage={state.pageSize}
            rowsPerPageOptions={narrow ? [] : [...PAGE_SIZES]}
            onPageChange={(_e, page) => update({ page })}
            onRowsPerPageChange={(e) => update({ pageSize: Number(e.target.value) })}
            labelRowsPerPage="Receipts per page"
          />
        </Box>
      ) : null}
    </>
  );
}
