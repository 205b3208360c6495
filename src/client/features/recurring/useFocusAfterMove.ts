import { useCallback, useEffect, useRef } from 'react';
import type { RecurringStatus } from '../../../shared/constants/recurring';
import type { RecurringSeries } from '../../../shared/recurring';
import { DISMISSED_TOGGLE_ID } from './DismissedSection';
import { seriesHeadingId } from './SeriesCard';

/**
 * Confirming, dismissing or restoring moves a card to another section, taking the pressed button
 * with it. Once the list shows the new status, the focus follows the card to its heading, or to
 * the Dismissed toggle when that list is closed, instead of falling back to the page's start.
 */
export function useFocusAfterMove(list: readonly RecurringSeries[] | undefined): (id: string, status: RecurringStatus) => void {
  const pending = useRef<{ id: string; status: RecurringStatus } | null>(null);

  const focusIfMoved = useCallback(() => {
    const target = pending.current;
    // Until the refetched list arrives the card is still in its old place.
    if (!target || list?.find((s) => s._id === target.id)?.status !== target.status) return;
    pending.current = null;
    (document.getElementById(seriesHeadingId(target.id)) ?? document.getElementById(DISMISSED_TOGGLE_ID))?.focus();
  }, [list]);

  useEffect(focusIfMoved, [focusIfMoved]);

  return useCallback(
    (id, status) => {
      pending.current = { id, status };
      focusIfMoved();
    },
    [focusIfMoved],
  );
}
