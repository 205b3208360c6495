import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardActions, CardContent, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { Receipt } from '../../../shared/receipts';
import { formatDate } from '../../ui/dates';
import { formatMoney } from '../../ui/money';

function RowLinks({ receipt }: { receipt: Receipt }) {
  return (
    <>
      <Button component={RouterLink} to={`/receipts/${receipt.id}`} size="small" aria-label={`View ${receipt.store} receipt of ${formatDate(receipt.date)}`}>
        View
      </Button>
      <Button component={RouterLink} to={`/receipts/${receipt.id}/edit`} size="small" aria-label={`Edit ${receipt.store} receipt of ${formatDate(receipt.date)}`}>
        Edit
      </Button>
    </>
  );
}

/** The receipts as a table (wide screens). */
export function ReceiptTable({ receipts }: { receipts: readonly Receipt[] }) {
  return (
    <TableContainer>
      <Table aria-label="Receipts" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Store</TableCell>
            <TableCell>Category</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {receipts.map((r) => (
            <TableRow key={r.id} hover data-testid="receipt-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.date)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.store}</TableCell>
              <TableCell>{r.category}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatMoney(r.amount)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <RowLinks receipt={r} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The receipts as cards (phones): the same facts and links, stacked. */
export function ReceiptCards({ receipts }: { receipts: readonly Receipt[] }) {
  return (
    <Box component="ul" aria-label="Receipts" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {receipts.map((r) => (
        <Card component="li" key={r.id} data-testid="receipt-row">
          <CardContent sx={{ pb: 0 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{r.store}</Typography>
              <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatMoney(r.amount)}</Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {formatDate(r.date)} · {r.category}
            </Typography>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end' }}>
            <RowLinks receipt={r} />
          </CardActions>
        </Card>
      ))}
    </Box>
  );
}
