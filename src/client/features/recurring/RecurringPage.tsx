import { useState } from 'react';
import { BILL_REMINDER_DAYS } from '../../../shared/constants/recurring';
import type { RecurringSeries } from '../../../shared/recurring';
import { failureMessage } from '../../api/failureMessage';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { EditSeriesDialog } from './EditSeriesDialog';
import { NoSeriesYet } from './NoSeriesYet';
import { useGetRecurringQuery } from './recurringApi';
import { STATUS_SET, failureText, type SeriesAction } from './seriesActions';
import { seriesChanges, type SeriesFormValues } from './seriesForm';
import { RecurringSections } from './RecurringSections';
import { useFocusAfterMove } from './useFocusAfterMove';
import { useSeriesChange } from './useSeriesChange';

/** /recurring: the bills Tally found in the person's receipts, to confirm, correct or dismiss. */
export default function RecurringPage() {
  const dispatch = useAppDispatch();
  const { data: list, isLoading, isError, refetch } = useGetRecurringQuery();
  const { send, busyId } = useSeriesChange();
  const focusWhenMoved = useFocusAfterMove(list);

  const [editing, setEditing] = useState<RecurringSeries | null>(null);
  // Kept after closing so the dialog keeps its title while it fades out.
  const [lastEditing, setLastEditing] = useState<RecurringSeries | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const changeStatus = async (series: RecurringSeries, action: Exclude<SeriesAction, 'edit'>) => {
    const status = STATUS_SET[action];
    try {
      await send(series, action, { status });
      focusWhenMoved(series._id, status);
    } catch (err) {
      dispatch(toastShown(failureMessage(failureText(series.store, action), err), 'error'));
    }
  };

  const onAction = (series: RecurringSeries, action: SeriesAction) => {
    if (action === 'edit') {
      setSaveError(null);
      setEditing(series);
      setLastEditing(series);
    } else void changeStatus(series, action);
  };

  const saveEdit = async (values: SeriesFormValues) => {
    if (!editing) return;
    const body = seriesChanges(editing, values);
    setSaveError(null);
    try {
      // Nothing changed: nothing to send.
      if (Object.keys(body).length > 0) await send(editing, 'edit', body);
      setEditing(null);
    } catch (err) {
      setSaveError(failureMessage(failureText(editing.store, 'edit'), err));
    }
  };

  return (
    <>
      <PageHeader
        title="Recurring bills"
        subtitle={`Tally finds bills that come back in your receipts: the same store, a similar amount, weekly, monthly or yearly. Confirm the real ones to see them in your forecast and get a reminder ${BILL_REMINDER_DAYS} days before they are due.`}
      />
      {isLoading ? (
        <LoadingView label="Loading recurring bills..." />
      ) : isError || !list ? (
        <ErrorState message="Failed to load recurring bills" onRetry={() => void refetch()} />
      ) : list.length === 0 ? (
        <NoSeriesYet />
      ) : (
        <RecurringSections list={list} busyId={busyId} onAction={onAction} />
      )}
      {lastEditing && (
        <EditSeriesDialog
          open={editing !== null}
          series={lastEditing}
          saving={busyId === lastEditing._id}
          error={saveError}
          onSave={(values) => void saveEdit(values)}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
