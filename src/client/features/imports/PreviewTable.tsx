import { TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { ScrollingTable } from '../../ui/ScrollingTable';
import type { ImportPreviewRow, MatchedReceipt } from '../../../shared/imports';
import { formatDate } from '../../ui/dates';
import { actionLabel, rowMoney } from './importText';
import { actionChoices, type RowAction } from './rowDecisions';

export interface PreviewTableProps {
  label: string;
  rows: readonly ImportPreviewRow[];
  /** Whether to show the column of the receipt each row matches. */
  showMatch: boolean;
  /** Whether to show the category each row goes in (the file has a category column). */
  showCategory: boolean;
  actionOf: (row: ImportPreviewRow) => RowAction;
  onAction: (row: ImportPreviewRow, action: RowAction) => void;
  disabled: boolean;
}

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function MatchCell({ receipt }: { receipt: MatchedReceipt | null }) {
  if (!receipt) return <TableCell />;
  return (
    <TableCell>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {receipt.store}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={numeric}>
        {formatDate(receipt.date)} · {rowMoney(receipt.amount, receipt.currency)}
      </Typography>
    </TableCell>
  );
}

function ActionCell({
  row,
  action,
  onAction,
  disabled,
}: {
  row: ImportPreviewRow;
  action: RowAction;
  onAction: PreviewTableProps['onAction'];
  disabled: boolean;
}) {
  const choices = actionChoices(row);
  if (choices.length === 1) return <TableCell>{actionLabel(choices[0], row)}</TableCell>;
  return (
    <TableCell>
      {/* Native: a table page may hold 100 of these, and a phone opens its own picker. */}
      <TextField
        select
        size="small"
        value={action}
        disabled={disabled}
        onChange={(e) => onAction(row, e.target.value as RowAction)}
        slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `What to do with line ${row.line}` } }}
        sx={{ minWidth: 180 }}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {actionLabel(choice, row)}
          </option>
        ))}
      </TextField>
    </TableCell>
  );
}

/** One page of the preview's rows of one status, each with what will be done with it. */
export function PreviewTable({ label, rows, showMatch, showCategory, actionOf, onAction, disabled }: PreviewTableProps) {
  return (
    // Scrolls sideways on a phone rather than squeezing the descriptions to a word a line.
    <ScrollingTable label={label} minWidth={560 + (showMatch ? 200 : 0) + (showCategory ? 140 : 0)}>
      <TableHead>
        <TableRow>
          <TableCell>Line</TableCell>
          <TableCell>Date</TableCell>
          <TableCell>Description</TableCell>
          <TableCell align="right">Amount</TableCell>
          {showCategory && <TableCell>Category</TableCell>}
          {showMatch && <TableCell>Matching receipt</TableCell>}
          <TableCell>Action</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.line} data-testid="preview-row">
            <TableCell sx={numeric}>{row.line}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.description}</TableCell>
            <TableCell align="right" sx={numeric}>
              {rowMoney(row.amount, row.currency)}
              {row.amount < 0 && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  (money in)
                </Typography>
              )}
            </TableCell>
            {showCategory && <TableCell>{row.category}</TableCell>}
            {showMatch && <MatchCell receipt={row.receipt} />}
            <ActionCell row={row} action={actionOf(row)} onAction={onAction} disabled={disabled} />
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}
