import { useValidatedForm } from '../../ui/useValidatedForm';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { CategoryWithSpending } from '../../../shared/categories';
import { ItemsEditor } from '../../ui/receiptFields/ItemsEditor';
import { ReceiptFields } from '../../ui/receiptFields/ReceiptFields';
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
          <ReceiptFields
            // The shared fields call the total "amount".
            values={{ ...values, amount: values.total }}
            errors={{ ...errors, amount: errors.total }}
            onChange={(field, value) => set(field === 'amount' ? 'total' : field, value)}
            amountLabel="Total"
            categories={categories}
            // Only when no category is chosen yet (the user has no Food): the API then decides.
            offerNoCategory={!initial.categoryId}
            wide
          />
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
