import { useState } from 'react';
import { Box } from '@mui/material';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { errorMessage } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { PageHeader } from '../../ui/PageHeader';
import { LoadingView } from '../../ui/LoadingView';
import { ErrorState } from '../../ui/ErrorState';
import { EmptyState } from '../../ui/EmptyState';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useGetCategoriesQuery } from '../../entities/categories/categoryList';
import { useDiscardDraftMutation, useLiveDrafts, useReadDraftDateMutation, useRetryDraftMutation } from './draftsApi';
import { useSaveReceiptMutation } from '../../entities/receipts/receiptSave';
import { DraftList } from './DraftList';
import { DraftReview, type DraftActions } from './DraftReview';
import { isSettled, nextDraftId } from './draftScan';
import { toScanPayload, type ScanFormValues } from './scanForm';
import { SCAN_FAILED } from './scanApi';
import type { DateOrder } from '../../../shared/settings';
import { LinkButton } from '../../ui/LinkButton';

export const SAVE_FAILED = 'Failed to save receipt';
const DISCARD_FAILED = 'The receipt could not be discarded. Please try again.';
const RETRY_FAILED = 'The receipt could not be queued again. Please try again.';

/** /receipts/review: photos read in the background, checked and saved one after another. */
export default function ReviewQueuePage() {
  const dispatch = useAppDispatch();
  const { data: drafts, isLoading, error, refetch } = useLiveDrafts();
  // The form reads its category once, when it opens: it waits for the categories.
  const { data: categories, isLoading: loadingCategories } = useGetCategoriesQuery();
  const [saveReceipt, { isLoading: saving }] = useSaveReceiptMutation();
  const [discardDraft, { isLoading: discarding }] = useDiscardDraftMutation();
  const [retryDraft, { isLoading: retrying }] = useRetryDraftMutation();
  const [readDraftDate] = useReadDraftDateMutation();
  const [selected, setSelected] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState(0);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [discardAsked, setDiscardAsked] = useState(false);
  const [discardError, setDiscardError] = useState<string | null>(null);

  const list = drafts ?? [];
  const current = list.find((d) => d._id === selected) ?? list.find(isSettled) ?? list[0] ?? null;

  const select = (id: string | null) => {
    setSelected(id);
    setSaveError(null);
  };
  const moveOn = (doneId: string) => {
    select(nextDraftId(list, doneId));
    setFocusKey((k) => k + 1);
  };

  const save = async (values: ScanFormValues, intoId?: string) => {
    if (!current) return;
    setSaveError(null);
    try {
      await saveReceipt({ ...toScanPayload(values, null, current.scan_ref ?? undefined, current.read_id), draft_id: current._id, into_id: intoId }).unwrap();
      dispatch(toastShown('Receipt saved', 'success'));
      moveOn(current._id);
    } catch (err) {
      setSaveError(errorMessage(err, SAVE_FAILED));
    }
  };

  const discard = async () => {
    if (!current) return;
    setDiscardError(null);
    try {
      await discardDraft(current._id).unwrap();
      setDiscardAsked(false);
      dispatch(toastShown('Receipt discarded', 'info'));
      moveOn(current._id);
    } catch (err) {
      setDiscardError(errorMessage(err, DISCARD_FAILED));
    }
  };

  /** The current draft's photo read again with another date order, as the single scan does; only its date is used. */
  const rereadDate = async (order: DateOrder): Promise<string | null> => {
    if (!current) return null;
    try {
      return (await readDraftDate({ id: current._id, date_order: order }).unwrap()).date;
    } catch (err) {
      throw new Error(errorMessage(err, SCAN_FAILED));
    }
  };

  const retry = async () => {
    if (!current) return;
    try {
      await retryDraft(current._id).unwrap();
    } catch (err) {
      dispatch(toastShown(errorMessage(err, RETRY_FAILED), 'error'));
    }
  };

  const askDiscard = () => {
    setDiscardError(null);
    setDiscardAsked(true);
  };
  const actions: DraftActions = { save, cancel: askDiscard, rereadDate, saving, saveError, retry: () => void retry(), retrying };

  const ready = list.filter((d) => d.status === 'ready').length;
  const reading = list.length - ready - list.filter((d) => d.status === 'failed').length;
  const subtitle = list.length
    ? `${ready} ready to review${reading ? `, ${reading} being read` : ''}. Check each one against its photo and save it.`
    : 'Receipts you add several at a time are read in the background and wait here for you.';

  return (
    <>
      <PageHeader title="Review receipts" subtitle={subtitle} />
      {isLoading || loadingCategories ? (
        <LoadingView label="Loading receipts to review..." />
      ) : error && !drafts ? (
        <ErrorState message={errorMessage(error, 'The receipts to review could not be loaded.')} onRetry={() => void refetch()} />
      ) : !current ? (
        <EmptyState
          icon={<InboxOutlinedIcon />}
          message="Nothing to review. Photos you scan several at a time wait here until you save them."
          action={
            <LinkButton variant="contained" to="/receipts/scan">
              Scan receipts
            </LinkButton>
          }
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(200px, 3fr) minmax(0, 9fr)' }, alignItems: 'start' }}>
          <DraftList drafts={list} currentId={current._id} onSelect={select} />
          <DraftReview key={current._id} draft={current} categories={categories ?? []} focusKey={focusKey} actions={actions} />
        </Box>
      )}
      <ConfirmDialog
        open={discardAsked}
        title="Discard this receipt?"
        message="Its photo and what was read from it are deleted. This cannot be undone."
        confirmLabel="Discard"
        busyLabel="Discarding..."
        busy={discarding}
        error={discardError}
        onConfirm={() => void discard()}
        onCancel={() => setDiscardAsked(false)}
      />
    </>
  );
}
