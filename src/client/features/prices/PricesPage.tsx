import { useRef, useState } from 'react';
import { Autocomplete, Box, Card, CardContent, Divider, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { PageHeader } from '../../ui/PageHeader';
import { ScrollingTable } from '../../ui/ScrollingTable';
import { LoadingView } from '../../ui/LoadingView';
import { ErrorState } from '../../ui/ErrorState';
import { EmptyState } from '../../ui/EmptyState';
import { formatMoney } from '../../ui/money';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useGetPriceHistoryQuery } from './pricesApi';
import { useGetBoughtItemsQuery } from '../../entities/receipts/knownItems';
import { PriceChart } from './PriceChart';
import { IncludedNames, SameProductControls } from './ProductNames';
import type { PriceHistory } from '../../../shared/prices';

/** Where each store stands for the item: the last price, the lowest and the average paid there. */
function StoreTable({ history }: { history: PriceHistory }) {
  return (
    <ScrollingTable label={`${history.item} by store`}>
      <TableHead>
        <TableRow>
          <TableCell>Store</TableCell>
          <TableCell align="right">Last price</TableCell>
          <TableCell>Last bought</TableCell>
          <TableCell align="right">Lowest</TableCell>
          <TableCell align="right">Average</TableCell>
          <TableCell align="right">Times</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {history.stores.map((s) => (
          <TableRow key={`${s.store}|${s.currency}`}>
            <TableCell component="th" scope="row">
              {s.store}
            </TableCell>
            <TableCell align="right">{formatMoney(s.last_price, s.currency)}</TableCell>
            <TableCell>{s.last_date}</TableCell>
            <TableCell align="right">{formatMoney(s.lowest, s.currency)}</TableCell>
            <TableCell align="right">{formatMoney(s.average, s.currency)}</TableCell>
            <TableCell align="right">{s.purchases}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}

/** One item's prices; `onProduct` follows the item into the product it was grouped into. */
function ItemPrices({ item, onProduct }: { item: string; onProduct: (product: string) => void }) {
  const { data, error, isLoading, refetch } = useGetPriceHistoryQuery(item);
  const heading = useRef<HTMLHeadingElement>(null);
  // A grouping change takes away the button pressed (or disables it); the product's heading takes
  // the focus, so a keyboard or a screen reader goes on from the product shown, not the page's top.
  const focusHeading = () => heading.current?.focus();
  if (isLoading) return <LoadingView label="Loading prices..." />;
  if (error || !data) return <ErrorState message="Prices could not be loaded." onRetry={() => void refetch()} />;
  if (data.points.length === 0) return <EmptyState message="No purchases of this item yet." />;
  const cheapest = data.cheapest_recent;
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography ref={heading} variant="h6" component="h2" tabIndex={-1} sx={{ outline: 'none' }}>
          {data.item}
        </Typography>
        <IncludedNames history={data} onUngrouped={focusHeading} />
        {cheapest && (
          <Typography>
            Cheapest lately: <strong>{cheapest.store}</strong>, {formatMoney(cheapest.unit_price, cheapest.currency)} on {cheapest.date}
          </Typography>
        )}
        {/* Drawn afresh for another product, rather than morphing one product's points into another's. */}
        <PriceChart key={data.names.join('\n')} history={data} />
        <StoreTable history={data} />
        <Divider />
        <SameProductControls
          history={data}
          onGrouped={(product) => {
            onProduct(product);
            focusHeading();
          }}
        />
      </CardContent>
    </Card>
  );
}

/** Prices: search an item bought before; its price of one over time and by store. */
export default function PricesPage() {
  const [input, setInput] = useState('');
  const [item, setItem] = useState<string | null>(null);
  const search = useDebouncedValue(input.trim());
  const { data: items = [], isFetching } = useGetBoughtItemsQuery(search);
  return (
    <Box>
      <PageHeader title="Prices" subtitle="What you paid for an item over time, and where it was cheapest" />
      <Autocomplete
        options={items.map((i) => i.name)}
        value={item}
        onChange={(_e, value) => setItem(value)}
        inputValue={input}
        onInputChange={(_e, value) => setInput(value)}
        loading={isFetching}
        filterOptions={(o) => o}
        sx={{ mb: 3, maxWidth: 480 }}
        renderInput={(params) => <TextField {...params} label="Item" placeholder="Milk, coffee, bread..." />}
      />
      {item ? <ItemPrices item={item} onProduct={setItem} /> : <Typography color="text.secondary">Choose an item to see its prices.</Typography>}
    </Box>
  );
}
