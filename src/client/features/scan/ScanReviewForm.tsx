import { useState } from 'react';
import { Alert, Box, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import type { CategoryWithSpending } from '../../../shared/categories';
import type { Draft } from '../../../shared/drafts';
import type { ScanField, ScanReceiptResult } from '../../../shared/scan';
import type { DateOrder } from '../../../shared/settings';
import { DATE_ORDER_OPTIONS } from '../../ui/dateOrder';
import { useUnsavedChangesGuard } from '../../ui/unsavedChanges/useUnsavedChangesGuard';
import { ItemsEditor } from '../../entities/receipts/ItemsEditor';
import { useKnownItems } from '../../entities/receipts/knownItems';
import { ReceiptFields } from '../../entities/receipts/ReceiptFields';
import { DeadlineFields } from '../../entities/receipts/DeadlineFields';
import { ReceiptCurrencyFields } from '../../entities/receipts/ReceiptCurrencyFields';
import { sameReceiptQuery, useSameReceiptCheck } from '../../entities/receipts/sameReceipt';
import { SameReceiptNotice } from '../../entities/receipts/SameReceiptNotice';
import { currencySymbol } from '../../ui/money';
import { DollarField } from '../../ui/DollarField';
import { FORM_FIELD, itemsMismatch, SCAN_FIELDS, unreadFields, unreadMessage, unsureFields, unsureMessage } from './scanChecks';
import { validateScanForm, type ScanFormValues } from './scanForm';
import { reasonText } from './scanReasonText';
import { FormAlert } from '../../ui/FormAlert';
import { SaveCancelButtons } from '../../ui/SaveCancelButtons';
import { useOfflineReason } from '../../ui/connectivity';
import { SharingSection } from '../../entities/households/SharingSection';
import { useSharingForm } from '../../entities/households/useSharingForm';
import { sharingErrorOf } from '../../entities/households/sharingForm';

/** What the form's buttons do, and how the last save went: the screen that shows the form owns them. */
export interface ScanReviewActions {
  /**
   * Saves, then moves on; settles when done (the form asks nothing meanwhile). `intoId`: the
   * imported bank row the person chose to fill in with this receipt.
   */
  save: (values: ScanFormValues, intoId?: string) => Promise<void>;
  /** Leaves the form (in the review queue: discards the draft). */
  cancel: () => void;
  /** Reads the image again with another date order; answers the date read (null: none). Without it, no date order is offered. */
  rereadDate?: (order: DateOrder) => Promise<string | null>;
  saving: boolean;
  /** The server's answer to a failed save. */
  saveError: string | null;
}

export interface ScanReviewFormProps {
  initial: ScanFormValues;
  categories: readonly Pick<CategoryWithSpending, '_id' | 'name'>[];
  /** The scan answer the fields came from, or null for a receipt typed in by hand. */
  scan: ScanReceiptResult | null;
  actions: ScanReviewActions;
  /**
   * The draft being reviewed in the queue, if it is one: its photo is compared with saved
   * receipts' too, what the server found like it (its duplicate_of) stands until asked again, and
   * leaving does not ask first, as the draft is kept on the server until saved or discarded.
   */
  draft?: Draft;
  saveLabel?: string;
  cancelLabel?: string;
  /** Whether the image is saved with the receipt (default); the form says so only when it is. */
  imageKept?: boolean;
}

export const UNSURE_MARK = 'Check this: the scanner is not sure';
export const UNREAD_MARK = 'Not read: please enter it from the receipt';
/** The editable result: store, date, total, category, tax and the items, with what to check first. */
export function ScanReviewForm({ initial, categories, scan, actions, draft, saveLabel = 'Save Receipt', cancelLabel, imageKept = true }: ScanReviewFormProps) {
  const { saving, saveError, rereadDate } = actions;
  const offline = useOfflineReason();
  const { values, errors, set, handleSubmit, targets, setSharing } = useSharingForm(initial, validateScanForm);
  const known = useKnownItems();
  // A scanned receipt is unsaved work until it is saved, edited or not: leaving asks first.
  const guard = useUnsavedChangesGuard(!draft);
  const same = useSameReceiptCheck(sameReceiptQuery(values), { draftId: draft?._id, known: draft?.duplicate_of ?? null });
  const submit = same.guardSubmit(handleSubmit, sameReceiptQuery, (valid, choice) => guard.leaveWithoutAsking(() => actions.save(valid, choice.intoId)));
  const unread = scan ? unreadFields(scan.processed_data) : [];
  const unsure = scan ? unsureFields(scan.processed_data, scan.confidence) : [];
  // A field the person has changed is checked: its mark and its place in the banner go.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const open = (fields: ScanField[]) => fields.filter((f) => !edited.has(FORM_FIELD[f]));
  const [openUnread, openUnsure] = [open(unread), open(unsure)];
  const mismatch = scan ? itemsMismatch(values, scan.processed_data) : null;

  const [dateOrder, setDateOrder] = useState<DateOrder>(scan?.date_order ?? 'MDY');
  const [rereading, setRereading] = useState(false);
  const [rereadNote, setRereadNote] = useState<string | null>(null);
  const suggested = scan?.suggested_date_order;

  const change = (field: 'store' | 'date' | 'amount' | 'tax' | 'categoryId' | 'currency' | 'rate', value: string) => {
    set(field, value);
    setEdited((prev) => new Set(prev).add(field));
  };

  const reread = async (order: DateOrder) => {
    if (!rereadDate) return;
    setDateOrder(order);
    setRereading(true);
    setRereadNote(null);
    try {
      const date = await rereadDate(order);
      if (date) change('date', date);
      setRereadNote(date ? `Date read again ${order === 'DMY' ? 'day' : 'month'} first.` : 'No date could be read: please enter it.');
    } catch (err) {
      setRereadNote(err instanceof Error ? err.message : 'The date could not be read again.');
    } finally {
      setRereading(false);
    }
  };

  // Why each field read was chosen, until the person changes it; an unsure field's reason says 'please check' and is its mark.
  const hints: Partial<Record<'store' | 'date' | 'amount', string>> = {};
  for (const f of SCAN_FIELDS) {
    const reason = scan && !edited.has(FORM_FIELD[f]) ? reasonText(f, scan.reasons, scan.confidence) : undefined;
    if (reason) hints[FORM_FIELD[f]] = reason;
  }
  const marks: Partial<Record<'store' | 'date' | 'amount', string>> = {};
  for (const f of openUnsure) marks[FORM_FIELD[f]] = hints[FORM_FIELD[f]] ?? UNSURE_MARK;
  for (const f of openUnread) marks[FORM_FIELD[f]] = UNREAD_MARK;

  return (
    <Card>
      <CardContent>
        <Box component="form" noValidate onSubmit={submit} aria-labelledby="scan-review-heading" sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <Typography id="scan-review-heading" variant="h6" component="h2" tabIndex={-1} sx={{ outline: 'none' }}>
              Review receipt
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {scan
                ? 'Check what was read and correct anything that is wrong before saving.'
                : `Enter the receipt by hand${imageKept ? '; the image is saved with it' : ''}.`}
            </Typography>
          </Box>
          <FormAlert message={saveError} />
          <SameReceiptNotice check={same} saving={saving} />
          {openUnread.length > 0 && (
            <Alert severity="warning" role="status">
              {unreadMessage(openUnread)}
            </Alert>
          )}
          {openUnsure.length > 0 && (
            <Alert severity="warning" role="status">
              {unsureMessage(openUnsure)}
            </Alert>
          )}
          {mismatch && (
            <Alert severity="warning" role="status">
              {mismatch}
            </Alert>
          )}
          {scan?.store_remembered && (
            <Alert severity="info" role="status">
              Store name{scan.suggested_category_id ? ' and category' : ''} as you saved them for this store before.
            </Alert>
          )}
          <ReceiptFields
            values={values}
            errors={errors}
            onChange={change}
            amountLabel="Total"
            categories={categories}
            // Only when no category is chosen yet (the user has no Food): the API then decides.
            offerNoCategory={!initial.categoryId}
            marks={marks}
            hints={hints}
            currency={currencySymbol(values.currency)}
            wide
          >
            {scan && rereadDate && (
              <TextField
                select
                label="Date order"
                value={dateOrder}
                disabled={rereading || offline !== null}
                onChange={(e) => void reread(e.target.value as DateOrder)}
                helperText={
                  // Reading the date again asks the server: offline the choice is off, and says why.
                  offline ??
                  (rereading
                    ? 'Reading the date again...'
                    : (rereadNote ??
                      (suggested && suggested !== dateOrder
                        ? `This receipt looks ${suggested === 'DMY' ? 'day' : 'month'} first: choose ${suggested === 'DMY' ? 'Day' : 'Month'} first to read the date again.`
                        : undefined)))
                }
              >
                {DATE_ORDER_OPTIONS.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <ReceiptCurrencyFields values={values} errors={errors} onChange={change} printed={scan?.currency ?? null} />
            <DollarField
              label="Tax"
              currency={values.currency}
              value={values.tax}
              onChange={(e) => change('tax', e.target.value)}
              error={Boolean(errors.tax)}
              helperText={errors.tax}
            />
            <DeadlineFields values={values} errors={errors} onChange={set} />
          </ReceiptFields>
          <ItemsEditor
            items={values.items}
            errors={errors.items}
            onChange={(items) => set('items', items)}
            receiptDate={values.date}
            categories={categories}
            receiptCategoryName={categories.find((c) => c._id === values.categoryId)?.name}
            known={known}
          />
          <SharingSection values={values} targets={targets} errors={errors.sharing ?? sharingErrorOf(saveError, values)} onChange={setSharing} />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <SaveCancelButtons onCancel={actions.cancel} saving={saving} saveLabel={saveLabel} cancelLabel={cancelLabel} blocked={rereading} />
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
