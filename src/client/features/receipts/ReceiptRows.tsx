import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Card, CardActions, CardContent, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { Receipt } from '../../../shared/receipts';
import { formatDate } from '../../ui/dates';
import { receiptAmountText } from './receiptMoney';
import { ImportedChip } from './ImportedChip';
import { LinkButton } from '../../ui/LinkButton';

function RowLinks({ receipt }: { receipt: Receipt }) {
  return (
    <>
      <LinkButton to={`/receipts/${receipt.id}`} size="small" aria-label={`View ${receipt.store} receipt of ${formatDate(receipt.date)}`}>
        View
      </LinkButton>
      <LinkButton to={`/receipts/${receipt.id}/edit`} size="small" aria-label={`Edit ${receipt.store} receipt of ${formatDate(receipt.date)}`}>
        Edit
      </LinkButton>
    </>
  );
}

/**
 * A click anywhere on a row opens its receipt, for the mouse; keyboards and screen readers use
 * the row's View link (a row is not a control). A click on a link or button inside does its own
 * thing, and a selection drag selects.
 */
function useOpenOnClick() {
  const navigate = useNavigate();
  return (receipt: Receipt) => (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a, button') || window.getSelection()?.toString()) return;
    navigate(`/receipts/${receipt.id}`);
  };
}

const clickable = { cursor: 'pointer' } as const;

/** The receipts as a table (wide screens). */
export function ReceiptTable({ receipts }: { receipts: readonly Receipt[] }) {
  const open = useOpenOnClick();
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
            <TableRow key={r.id} hover data-testid="receipt-row" onClick={open(r)} sx={clickable}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.date)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {r.store}
                <ImportedChip receipt={r} />
              </TableCell>
              <TableCell>{r.category}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {receiptAmountText(r)}
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

/** The receipts as cards (narrow screens and high zoom): the same facts and links, stacked. */
export function ReceiptCards({ receipts }: { receipts: readonly Receipt[] }) {
  const open = useOpenOnClick();
  return (
    <Box component="ul" aria-label="Receipts" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {receipts.map((r) => (
        <Card component="li" key={r.id} data-testid="receipt-row" onClick={open(r)} sx={clickable}>
          <CardContent sx={{ pb: 0 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {r.store}
                <ImportedChip receipt={r} />
              </Typography>
              <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{receiptAmountText(r)}</Typography>
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
