import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link } from '@mui/material';
import { formatMoney } from '../../ui/money';
import { formatDate } from '../../ui/dates';
import type { SameReceiptCheck, SaveChoice } from './sameReceipt';

export const BANK_ROW_MATCH = 'This looks like the receipt of a bank row you imported';
export const ALREADY_SAVED = 'This looks like a receipt you already saved';
export const FILL_BANK_ROW = 'Fill in the bank row';
export const SAVE_AS_NEW = 'Save as a new receipt';
export const SAVE_ANYWAY = 'Save anyway';

/**
 * Inside a receipt form, the receipt saved or imported that this one looks like, with the choice
 * of how to save it: filling the bank row in (counted once), or, knowingly, a second receipt.
 */
export function SameReceiptNotice({ check, saving }: { check: SameReceiptCheck; saving: boolean }) {
  const { match } = check;
  if (!match) return null;
  const choose = (choice: SaveChoice) => (e: MouseEvent<HTMLButtonElement>) => check.choose(e.currentTarget.form, choice);
  return (
    <Alert severity={match.imported ? 'info' : 'warning'} role="status">
      {match.imported ? BANK_ROW_MATCH : ALREADY_SAVED}:{' '}
      <Link component={RouterLink} to={`/receipts/${match._id}`} color="inherit">
        {match.store_name}, {formatDate(match.date)}, {formatMoney(match.total_amount, match.currency)}
      </Link>
      . {match.imported ? 'Fill it in with this receipt, so the purchase is counted once.' : 'Save this one only if it is another purchase.'}
      <Box id={check.choiceId} role="group" aria-label="How to save this receipt" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        {match.imported ? (
          <>
            <Button variant="contained" size="small" disabled={saving} onClick={choose({ intoId: match._id })}>
              {FILL_BANK_ROW}
            </Button>
            <Button size="small" color="inherit" disabled={saving} onClick={choose({})}>
              {SAVE_AS_NEW}
            </Button>
          </>
        ) : (
          <Button variant="outlined" size="small" color="inherit" disabled={saving} onClick={choose({})}>
            {SAVE_ANYWAY}
          </Button>
        )}
      </Box>
    </Alert>
  );
}
