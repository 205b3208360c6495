import { Typography } from '@mui/material';
import { formatMoney } from '../../ui/money';
import { useGetPriceNotesQuery } from './receiptsApi';

/** A quiet line per item that cost clearly more than usual ('Milk 2%: $4.89, usually $3.99 at Safeway'); nothing when none did or the notes fail. */
export function PriceNotes({ receiptId }: { receiptId: string }) {
  const { data: notes = [] } = useGetPriceNotesQuery(receiptId);
  return notes.map((n) => (
    <Typography key={n.item} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {n.item}: {formatMoney(n.paid, n.currency)}, usually {formatMoney(n.usual, n.currency)} at {n.usual_store}
    </Typography>
  ));
}
