import { useValidatedForm } from '../../ui/useValidatedForm';
import { Alert, Box, Button, Card, CardContent, InputAdornment, MenuItem, TextField, Typography } from '@mui/material';
import type { CategoryWithSpending } from '../../../shared/categories';
import { ItemsEditor } from '../receipts/ItemsEditor';
import { validateScanForm, type ScanFormValues } from './scanForm';

export interface ScanReviewFormProps {
  initial: ScanFormValues;
  categories: readonly Pick<CategoryWithSpending, '_id' | 'name'>[];
  /** True when the fields came from a scan (so the person is asked to check them). */
  scanned: boolean;
  saving: boolean;
  serverError: string | null;
  onSubmit: (values: ScanFormValues) => void;
  onCancel: () => void;
}

/** The editable result: store, date, total, category and the items. */
export function ScanReviewForm({ initial, categories, scanned, saving, serverError, onSubmit, onCancel }: ScanReviewFormProps) {
  const { values, errors, set, handleSubmit } = useValidatedForm(initial, validateScanForm);
  const submit = handleSubmit(onSubmit);

  return (
    <Card>
      <CardContent>
        <Box component="form" noValidate onSubmit={submit} aria-labelledby="scan-review-heading" sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <Typography id="scan-review-heading" variant="h6" component="h2">
              Review receipt
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {scanned ? 'Check what was read and correct anything that is wrong before saving.' : 'Enter the receipt by hand; the image is saved with it.'}
            </Typography>
          </Box>
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label="Store"
              required
              value={values.store}
              onChange={(e) => set('store', e.target.value)}
              error={Boolean(errors.store)}
              helperText={errors.store}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              sx={{ gridColumn: { sm: '1 / -1' } }}
            />
            <TextField
              label="Date"
              type="date"
              required
              value={values.date}
              onChange={(e) => set('date', e.target.value)}
              error={Boolean(errors.date)}
              helperText={errors.date}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Total"
              required
              value={values.total}
              onChange={(e) => set('total', e.target.value)}
              error={Boolean(errors.total)}
              helperText={errors.total}
              slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
            />
            <TextField
              label="Category"
              select
              value={values.categoryId}
              onChange={(e) => set('categoryId', e.target.value)}
              sx={{ gridColumn: { sm: '1 / -1' } }}
            >
              {/* Only when no category is chosen yet (the user has no Food): the API then decides. */}
              {!initial.categoryId && (
                <MenuItem value="">
                  <em>None</em>
                </MenuItem>
              )}
              {categories.map((c) => (
                <MenuItem key={c._id} value={c._id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <ItemsEditor items={values.items} errors={errors.items} onChange={(items) => set('items', items)} />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button onClick={onCancel} disabled={saving} color="inherit">
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={saving}>
              {saving ? 'Saving...' : 'Save Receipt'}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
