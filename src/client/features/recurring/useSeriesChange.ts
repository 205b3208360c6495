import type { RecurringSeries, RecurringUpdate } from '../../../shared/recurring';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { useUpdateRecurringMutation } from './recurringApi';
import { doneMessage, type SeriesAction } from './seriesActions';

/**
 * Sends one change of a series and says so in a toast once the server took it; a refusal is
 * thrown for the caller to show where the person acted (a toast, or the edit dialog).
 */
export function useSeriesChange() {
  const dispatch = useAppDispatch();
  const [update, state] = useUpdateRecurringMutation();

  const send = async (series: RecurringSeries, action: SeriesAction, body: RecurringUpdate): Promise<RecurringSeries> => {
    const updated = await update({ id: series._id, body }).unwrap();
    dispatch(toastShown(doneMessage(series.store, action), 'success'));
    return updated;
  };

  /** The series whose change is on its way. */
  const busyId = state.isLoading ? (state.originalArgs?.id ?? null) : null;
  return { send, busyId };
}
