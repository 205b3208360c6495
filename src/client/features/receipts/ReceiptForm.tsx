import { Alert, Box, Button, Card, CardContent, InputAdornment, MenuItem, TextField } from '@mui/material';
import type { CategoryWithSpending } from '../../../shared/categories';
import type { ManualReceiptBody } from '../../../shared/receipts';
import { ItemsEditor } from './ItemsEditor';
import { PAYMENT_METHODS, toReceiptBody, validateReceiptForm, type ReceiptFormValues } from './receiptForm';
import { useValidatedForm } from '../../ui/useValidatedForm';

export interface ReceiptFormProps {
  initial: ReceiptFormValues;
  categories: readonly Pick<CategoryWithSpending, '_id' | 'name'>[];
  /** The receipt's category by name, in case the category list could not be loaded. */
  currentCategoryName?: string;
  submitLabel: string;
  saving: boolean;
  /** The server's answer to a failed save. */
  serverError: string | null;
  onSubmit: (body: ManualReceiptBody) => void;
  onCancel: () => void;
}

/** The one form of Add Transaction and Edit Receipt. */
export function ReceiptForm({ initial, categories, currentCategoryName, submitLabel, saving, serverError, onSubmit, onCancel }: ReceiptFormProps) {
  const { values, errors, set, handleSubmit } = useValidatedForm(initial, validateReceiptForm);
  const submit = handleSubmit((valid) => onSubmit(toReceiptBody(valid)));

  // A payment method typed elsewhere (or by an older version) stays selectable.
  const methods: string[] = values.paymentMethod && !(PAYMENT_METHODS as readonly string[]).includes(values.paymentMethod) ? [...PAYMENT_METHODS, values.paymentMethod] : [...PAYMENT_METHODS];

  const categoryOptions =
    values.categoryId && !categories.some((c) => c._id === values.categoryId) ? [...categories, { _id: values.categoryId, name: currentCategoryName ?? 'Current category' }] : categories;

  return (
    <Card>
      <CardContent>
        <Box component="form" noValidate onSubmit={submit} aria-label={submitLabel} sx={{ display: 'grid', gap: 2 }}>
          {serverError && (
            <Alert severity="error" role="alert">
              {serverError}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField label="Store" required value={values.store} onChange={(e) => set('store', e.target.value)} error={Boolean(errors.store)} helperText={errors.store} slotProps={{ htmlInput: { maxLength: 200 } }} />
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
              label="Amount"
              required
              value={values.amount}
              onChange={(e) => set('amount', e.target.value)}
              error={Boolean(errors.amount)}
              helperText={errors.amount ?? 'A refund is a negative amount'}
              slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
            />
            <TextField label="Category" select value={values.categoryId} onChange={(e) => set('categoryId', e.target.value)} helperText={values.categoryId ? undefined : 'Other when none is chosen'}>
              {/* On an edit, "none" would silently keep the old category: offer it only on a new receipt. */}
              {!initial.categoryId && (
                <MenuItem value="">
                  <em>None</em>
                </MenuItem>
              )}
              {categoryOptions.map((c) => (
                <MenuItem key={c._id} value={c._id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Payment method" select value={values.paymentMethod} onChange={(e) => set('paymentMethod', e.target.value)}>
              <MenuItem value="">
                <em>Not specified</em>
              </MenuItem>
              {methods.map((m) => (
                <MenuItem key={m} value={m}>
                  {m}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Tax"
              value={values.tax}
              onChange={(e) => set('tax', e.target.value)}
              error={Boolean(errors.tax)}
              helperText={errors.tax}
              slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
            />
          </Box>
          <TextField label="Description" multiline minRows={2} value={values.description} onChange={(e) => set('description', e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
          <ItemsEditor items={values.items} errors={errors.items} onChange={(items) => set('items', items)} />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={saving}>
              {saving ? 'Saving...' : submitLabel}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
