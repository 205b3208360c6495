import { useId } from 'react';
import { Box, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { DollarField } from '../../ui/DollarField';
import type { RecurringInterval } from '../../../shared/constants/recurring';
import type { RecurringSeries } from '../../../shared/recurring';
import { FormAlert } from '../../ui/FormAlert';
import { SaveCancelButtons } from '../../ui/SaveCancelButtons';
import { useDialogForm } from '../../ui/useDialogForm';
import { amountEvery } from './recurringText';
import { INTERVAL_OPTIONS, seriesFormValues, validateSeriesForm, type SeriesFormValues } from './seriesForm';

export interface EditSeriesDialogProps {
  open: boolean;
  /** The series being edited (kept while the dialog fades out). */
  series: RecurringSeries;
  saving: boolean;
  /** The failure of the last save, with the server's reason. */
  error: string | null;
  onSave: (values: SeriesFormValues) => void;
  onClose: () => void;
}

/** The amount and interval of a recurring bill, as the person knows them better than detection. */
export function EditSeriesDialog({ open, series, saving, error, onSave, onClose }: EditSeriesDialogProps) {
  const titleId = useId();
  const textId = useId();
  const { values, errors, set, handleSubmit } = useDialogForm(open, () => seriesFormValues(series), validateSeriesForm);
  const submit = handleSubmit(onSave);

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          Edit {series.store}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>Tally found {amountEvery(series.found_amount, series.found_interval)} in your receipts.</DialogContentText>
          <FormAlert message={error} sx={{ mt: 2 }} />
          <DollarField
            label="Amount"
            required
            fullWidth
            margin="normal"
            autoFocus
            value={values.amount}
            onChange={(e) => set('amount', e.target.value)}
            error={Boolean(errors.amount)}
            helperText={errors.amount}
          />
          <TextField
            label="Interval"
            select
            fullWidth
            margin="normal"
            value={values.interval}
            onChange={(e) => set('interval', e.target.value as RecurringInterval)}
          >
            {INTERVAL_OPTIONS.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <SaveCancelButtons onCancel={onClose} saving={saving} saveLabel="Save" />
        </DialogActions>
      </Box>
    </Dialog>
  );
}
