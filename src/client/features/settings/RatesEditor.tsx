import { useState } from 'react';
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import type { CurrencyRateList } from '../../../shared/currencyRates';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { failureMessage } from '../../api/failureMessage';
import { CurrencyField } from '../../ui/CurrencyField';
import { FormSubmit } from '../../ui/FormSubmit';
import { useValidatedForm } from '../../ui/useValidatedForm';
import { useUnsavedChangesGuard } from '../../ui/unsavedChanges/useUnsavedChangesGuard';
import { useSaveCurrencyRatesMutation } from './currenciesApi';
import { newRateRow, rateRows, toRateList, validateRateRows, type RateRow, type RateTableErrors } from './rateRows';

interface RatesForm {
  rows: RateRow[];
}

/**
 * The person's rates to the home currency: rows added, edited and removed here, and saved
 * together (PUT replaces the whole table). Mounted per saved table (keyed by its caller).
 */
export function RatesEditor({ rates, home }: { rates: CurrencyRateList; home: string }) {
  const dispatch = useAppDispatch();
  const [saveRates, { isLoading: saving }] = useSaveCurrencyRatesMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { values, errors, set, handleSubmit, dirty } = useValidatedForm<RatesForm, { rows?: RateTableErrors }>({ rows: rateRows(rates) }, (v) => {
    const found = validateRateRows(v.rows, home);
    return Object.keys(found).length > 0 ? { rows: found } : {};
  });
  const guard = useUnsavedChangesGuard(dirty);

  const change = (key: string, patch: Partial<RateRow>) =>
    set(
      'rows',
      values.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)),
    );

  const submit = handleSubmit((valid) => {
    setFailure(null);
    void guard.leaveWithoutAsking(async () => {
      try {
        await saveRates(toRateList(valid.rows)).unwrap();
        dispatch(toastShown('Rates saved', 'success'));
      } catch (err) {
        setFailure(failureMessage('Failed to save rates', err));
      }
    });
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Exchange rates">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Exchange rates
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        How many {home} one unit of a currency is worth, from the day given until a later rate of the same currency. A receipt in that currency takes the rate
        of its date unless you type another on the receipt.
      </Typography>
      <Stack spacing={2}>
        {values.rows.length === 0 && <Typography color="text.secondary">No rates yet.</Typography>}
        {values.rows.map((row, index) => {
          const e = errors.rows?.[row.key] ?? {};
          return (
            <Box
              key={row.key}
              role="group"
              aria-label={`Rate ${index + 1}`}
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'start',
                gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto' },
              }}
            >
              <CurrencyField
                label="Currency"
                size="small"
                required
                value={row.currency}
                onChange={(currency) => change(row.key, { currency })}
                error={Boolean(e.currency)}
                helperText={e.currency}
              />
              <TextField
                label={`${home} for 1`}
                size="small"
                required
                value={row.rate}
                onChange={(ev) => change(row.key, { rate: ev.target.value })}
                error={Boolean(e.rate)}
                helperText={e.rate}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
              />
              <TextField
                label="Valid from"
                type="date"
                size="small"
                required
                value={row.valid_from}
                onChange={(ev) => change(row.key, { valid_from: ev.target.value })}
                error={Boolean(e.valid_from)}
                helperText={e.valid_from}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 3, sm: 'auto' } }}
              />
              <IconButton
                aria-label={`Remove rate ${index + 1}`}
                onClick={() =>
                  set(
                    'rows',
                    values.rows.filter((r) => r.key !== row.key),
                  )
                }
                sx={{ gridColumn: { xs: 2, sm: 'auto' }, gridRow: { xs: 1, sm: 'auto' } }}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          );
        })}
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => set('rows', [...values.rows, newRateRow()])}>
            Add a rate
          </Button>
        </Box>
        <FormSubmit failure={failure} busy={saving} label="Save rates" busyLabel="Saving..." />
      </Stack>
    </Box>
  );
}
