import { Box, FormControlLabel, InputAdornment, MenuItem, Switch, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import type { ReceiptSort } from '../../../shared/receipts';

const SORT_LABELS: Record<ReceiptSort, string> = { date: 'Date', amount: 'Amount', store: 'Store' };

export interface ReceiptFiltersProps {
  search: string;
  category: string;
  categories: readonly string[];
  underWarranty: boolean;
  sort: ReceiptSort;
  order: 'asc' | 'desc';
  onSearch: (text: string) => void;
  onCategory: (name: string) => void;
  onUnderWarranty: (on: boolean) => void;
  onSort: (sort: ReceiptSort) => void;
  onOrder: (order: 'asc' | 'desc') => void;
}

/**
 * Search (by store, and by items, descriptions and words read off the receipts), the category
 * filter (All plus the user's), what is under warranty, and the sort with its direction.
 */
export function ReceiptFilters(props: ReceiptFiltersProps) {
  const { search, category, categories, underWarranty, sort, order, onSearch, onCategory, onUnderWarranty, onSort, onOrder } = props;
  return (
    <Box role="search" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr auto auto' }, alignItems: 'center', mb: 2 }}>
      <TextField
        label="Search by store or description"
        placeholder="Store, item, description or any word on the receipt"
        type="search"
        size="small"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        label="Category"
        select
        size="small"
        value={category}
        onChange={(e) => onCategory(e.target.value)}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        // '' is All: show it, with the label above it.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">All</MenuItem>
        {/* A filter from an old link to a category that no longer exists stays visible. */}
        {category && !categories.includes(category) && <MenuItem value={category}>{category}</MenuItem>}
        {categories.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Sort by" select size="small" value={sort} onChange={(e) => onSort(e.target.value as ReceiptSort)}>
        {(Object.keys(SORT_LABELS) as ReceiptSort[]).map((key) => (
          <MenuItem key={key} value={key}>
            {SORT_LABELS[key]}
          </MenuItem>
        ))}
      </TextField>
      <ToggleButtonGroup exclusive size="small" value={order} onChange={(_e, value: 'asc' | 'desc' | null) => value && onOrder(value)} aria-label="Sort order">
        <ToggleButton value="asc" aria-label="Ascending" title="Ascending">
          <ArrowUpwardIcon fontSize="small" />
        </ToggleButton>
        <ToggleButton value="desc" aria-label="Descending" title="Descending">
          <ArrowDownwardIcon fontSize="small" />
        </ToggleButton>
      </ToggleButtonGroup>
      <FormControlLabel
        control={<Switch checked={underWarranty} onChange={(e) => onUnderWarranty(e.target.checked)} />}
        label="Under warranty"
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, m: 0 }}
      />
    </Box>
  );
}
