import { useId, useState, type FormEvent } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { failureMessage } from '../../api/failureMessage';
import { FormAlert } from '../../ui/FormAlert';
import { optionalRateValue, rateInputError } from '../../ui/amountInput';
import { useChangeHomeCurrencyMutation } from './currenciesApi';
import { NeedsServer } from '../../ui/NeedsServer';

export interface HomeCurrencyDialogProps {
  /** The home currency now, and the one chosen. */
  from: string;
  to: string;
  onClose: () => void;
}

/**
 * The question before a new home currency: every receipt's home amount is recomputed. Asks for
 * one old home unit in the new one, which the server needs when the rates table cannot convert a
 * receipt's currency (its answer then says so, and is shown here).
 */
export function HomeCurrencyDialog({ from, to, onClose }: HomeCurrencyDialogProps) {
  const dispatch = useAppDispatch();
  const [change, { isLoading: busy }] = useChangeHomeCurrencyMutation();
  const [rate, setRate] = useState('');
  const [rateError, setRateError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const textId = useId();

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    const problem = rateInputError(rate);
    setRateError(problem);
    setFailure(null);
    if (problem) return;
    try {
      const home_currency_rate = optionalRateValue(rate);
      await change(home_currency_rate === undefined ? { home_currency: to } : { home_currency: to, home_currency_rate }).unwrap();
      dispatch(toastShown(`Home currency changed to ${to}`, 'success'));
      onClose();
    } catch (err) {
      setFailure(failureMessage('Failed to change the home currency', err));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={(e) => void confirm(e)}>
        <DialogTitle id={titleId}>Change your home currency to {to}?</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            Receipts keep the amounts printed on them, but what each comes to in {to} is recomputed, and the dashboard, budgets, notifications and analytics
            count in {to} from now on.
          </DialogContentText>
          <TextField
            label={`1 ${from} in ${to}`}
            fullWidth
            margin="normal"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            error={Boolean(rateError)}
            helperText={rateError ?? `Optional: used for receipts your rates table cannot convert to ${to}. Tally asks for it when it needs it.`}
            disabled={busy}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <FormAlert message={failure} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <NeedsServer>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Changing...' : `Change to ${to}`}
            </Button>
          </NeedsServer>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
