import { Chip } from '@mui/material';
import type { Receipt } from '../../../shared/receipts';

/** Marks a receipt made from a bank statement row; nothing for any other. */
export function ImportedChip({ receipt }: { receipt: Pick<Receipt, 'imported'> }) {
  return receipt.imported ? <Chip label="Imported" size="small" variant="outlined" sx={{ ml: 1, verticalAlign: 'middle' }} /> : null;
}
