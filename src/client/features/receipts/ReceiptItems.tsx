import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { ReceiptItem } from '../../../shared/receipts';
import { minorUnits } from '../../../shared/currency';
import { formatMoney } from '../../ui/money';
import { formatDate } from '../../ui/dates';

/** price × quantity, rounded to the currency's minor unit. */
function lineTotal(item: ReceiptItem, currency: string): string {
  const scale = 10 ** minorUnits(currency);
  return formatMoney(Math.round(item.price * item.quantity * scale) / scale, currency);
}

/** An item's own return window and warranty, in words ('' when it has none). */
function itemDeadlines(item: ReceiptItem): string {
  const parts = [item.return_by && `Return by ${formatDate(item.return_by)}`, item.warranty_until && `Warranty until ${formatDate(item.warranty_until)}`];
  return parts.filter(Boolean).join(' · ');
}

function ItemName({ item }: { item: ReceiptItem }) {
  const deadlines = itemDeadlines(item);
  return (
    <>
      {item.name}
      {deadlines && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
          {deadlines}
        </Typography>
      )}
    </>
  );
}

/**
 * The receipt's lines. A table where it fits; on a phone each line stacked (name, then quantity ×
 * price each, then the line total), so nothing needs scrolling sideways and nothing is left out.
 */
export function ReceiptItems({ items, labelledBy, currency }: { items: readonly ReceiptItem[]; labelledBy: string; currency: string }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  if (narrow) {
    return (
      <Box component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item, i) => (
          <Box component="li" key={i} sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              <ItemName item={item} />
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {item.quantity} × {formatMoney(item.price, currency)} each
              </Typography>
              <Typography variant="body2">
                Line total{' '}
                <Box component="strong" sx={{ fontWeight: 600 }}>
                  {lineTotal(item, currency)}
                </Box>
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell align="right">Price each</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Line total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item, i) => (
            <TableRow key={i}>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 96 }}>
                <ItemName item={item} />
              </TableCell>
              <TableCell align="right">{formatMoney(item.price, currency)}</TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
              <TableCell align="right">{lineTotal(item, currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
