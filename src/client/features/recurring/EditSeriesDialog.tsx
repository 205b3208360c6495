import { MenuItem, TextField } from '@mui/material';
import { DollarField } from '../../ui/DollarField';
import type { RecurringInterval } from '../../../shared/constants/recurring';
import type { RecurringSeries } from '../../../shared/recurring';
import { FormDialog } from '../../ui/FormDialog';
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
  const { values, set, field, handleSubmit } = useDialogForm(open, () => seriesFormValues(series), validateSeriesForm);
  const submit = handleSubmit(onSave);

  return (
    <FormDialog
      open={open}
      title={`Edit ${series.store}`}
      titleSx={{ overflowWrap: 'anywhere' }}
      description={`Tally found ${amountEvery(series.found_amount, series.found_interval)} in your receipts.`}
      saving={saving}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <DollarField label="Amount" required fullWidth margin="normal" autoFocus {...field('amount')} />
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
    </FormDialog>
  );
}
