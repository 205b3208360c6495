import { Box, Card, CardContent, MenuItem, TextField } from '@mui/material';
import { DollarField } from '../../ui/DollarField';
import type { CategoryWithSpending } from '../../../shared/categories';
import type { ManualCreateBody } from '../../../shared/receipts';
import { MAX_RECEIPT_DESCRIPTION } from '../../../shared/constants/receipts';
import { ItemsEditor } from '../../entities/receipts/ItemsEditor';
import { useKnownItems } from '../../entities/receipts/knownItems';
import { ReceiptFields } from '../../entities/receipts/ReceiptFields';
import { DeadlineFields } from '../../entities/receipts/DeadlineFields';
import { PAYMENT_METHODS, toReceiptBody, validateReceiptForm, type ReceiptFormValues } from './receiptFormValues';
import { useUnsavedChangesGuard } from '../../ui/unsavedChanges/useUnsavedChangesGuard';
import { FormAlert } from '../../ui/FormAlert';
import { SaveCancelButtons } from '../../ui/SaveCancelButtons';
import { currencySymbol } from '../../ui/money';
import { ReceiptCurrencyFields } from '../../entities/receipts/ReceiptCurrencyFields';
import { sameReceiptQuery, useSameReceiptCheck } from '../../entities/receipts/sameReceipt';
import { SameReceiptNotice } from '../../entities/receipts/SameReceiptNotice';
import { SharingSection } from '../../entities/households/SharingSection';
import { useSharingForm } from '../../entities/households/useSharingForm';
import { sharingErrorOf } from '../../entities/households/sharingForm';

export interface ReceiptFormProps {
  initial: ReceiptFormValues;
  categories: readonly Pick<CategoryWithSpending, '_id' | 'name'>[];
  /** The receipt's category by name, in case the category list could not be loaded. */
  currentCategoryName?: string;
  submitLabel: string;
  saving: boolean;
  /** The server's answer to a failed save. */
  serverError: string | null;
  /**
   * Saves, then navigates; settles when done (the form asks nothing meanwhile). With `into_id`
   * when the person chose to fill in an imported bank row with this receipt.
   */
  onSubmit: (body: ManualCreateBody) => Promise<void>;
  /** A new receipt is looked for among those saved and imported before it is saved (an edit is that receipt already). */
  checkSame?: boolean;
  /** Leaves the form: its edits are discarded without a question. */
  onCancel: () => void;
}

/** The one form of Add Transaction and Edit Receipt. */
export function ReceiptForm({
  initial,
  categories,
  currentCategoryName,
  submitLabel,
  saving,
  serverError,
  onSubmit,
  onCancel,
  checkSame = false,
}: ReceiptFormProps) {
  const { values, errors, set, handleSubmit, dirty, targets, setSharing } = useSharingForm(initial, validateReceiptForm);
  const known = useKnownItems();
  const guard = useUnsavedChangesGuard(dirty);
  const queryOf = (v: ReceiptFormValues) => (checkSame ? sameReceiptQuery(v) : null);
  const same = useSameReceiptCheck(queryOf(values));
  const submit = same.guardSubmit(handleSubmit, queryOf, (valid, { intoId }) =>
    guard.leaveWithoutAsking(() => onSubmit(intoId ? { ...toReceiptBody(valid), into_id: intoId } : toReceiptBody(valid))),
  );

  // A payment method typed elsewhere (or by an older version) stays selectable.
  const methods: string[] =
    values.paymentMethod && !(PAYMENT_METHODS as readonly string[]).includes(values.paymentMethod)
      ? [...PAYMENT_METHODS, values.paymentMethod]
      : [...PAYMENT_METHODS];

  const categoryOptions =
    values.categoryId && !categories.some((c) => c._id === values.categoryId)
      ? [...categories, { _id: values.categoryId, name: currentCategoryName ?? 'Current category' }]
      : categories;

  return (
    <Card>
      <CardContent>
        <Box component="form" noValidate onSubmit={submit} aria-label={submitLabel} sx={{ display: 'grid', gap: 2 }}>
          <FormAlert message={serverError} />
          <SameReceiptNotice check={same} saving={saving} />
          <ReceiptFields
            values={values}
            errors={errors}
            onChange={set}
            amountLabel="Amount"
            amountHint="A refund is a negative amount"
            categories={categoryOptions}
            // On an edit, "none" would silently keep the old category: offer it only on a new receipt.
            offerNoCategory={!initial.categoryId}
            noCategoryHint="Other when none is chosen"
            currency={currencySymbol(values.currency)}
          >
            <ReceiptCurrencyFields values={values} errors={errors} onChange={set} />
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
            <DollarField
              label="Tax"
              currency={values.currency}
              value={values.tax}
              onChange={(e) => set('tax', e.target.value)}
              error={Boolean(errors.tax)}
              helperText={errors.tax}
            />
            <DeadlineFields values={values} errors={errors} onChange={set} />
          </ReceiptFields>
          <TextField
            label="Description"
            multiline
            minRows={2}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_RECEIPT_DESCRIPTION } }}
          />
          <ItemsEditor
            items={values.items}
            errors={errors.items}
            onChange={(items) => set('items', items)}
            focusNewItem
            receiptDate={values.date}
            categories={categories}
            receiptCategoryName={categoryOptions.find((c) => c._id === values.categoryId)?.name}
            known={known}
          />
          <SharingSection values={values} targets={targets} errors={errors.sharing ?? sharingErrorOf(serverError, values)} onChange={setSharing} />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <SaveCancelButtons onCancel={() => guard.leaveWithoutAsking(onCancel)} saving={saving} saveLabel={submitLabel} />
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
