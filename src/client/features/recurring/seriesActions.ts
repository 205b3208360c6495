import type { RecurringStatus } from '../../../shared/constants/recurring';

/** What a person can do to a series. Edit keeps the status: confirming is a choice of its own. */
export type SeriesAction = 'confirm' | 'edit' | 'dismiss' | 'restore';

/** The button, the verb of a failure ('Failed to confirm Netflix') and the past of a success ('Netflix confirmed'). */
const WORDS: Record<SeriesAction, { label: string; verb: string; done: string }> = {
  confirm: { label: 'Confirm', verb: 'confirm', done: 'confirmed' },
  edit: { label: 'Edit', verb: 'update', done: 'updated' },
  dismiss: { label: 'Dismiss', verb: 'dismiss', done: 'dismissed' },
  restore: { label: 'Restore', verb: 'restore', done: 'restored' },
};

/** The status each status action sets; a restored series goes back to review. */
export const STATUS_SET: Record<Exclude<SeriesAction, 'edit'>, RecurringStatus> = { confirm: 'confirmed', dismiss: 'dismissed', restore: 'found' };

/** The buttons of a series in each section, in their order. */
export const ACTIONS_BY_STATUS: Record<RecurringStatus, readonly SeriesAction[]> = {
  found: ['confirm', 'edit', 'dismiss'],
  confirmed: ['edit', 'dismiss'],
  dismissed: ['restore'],
};

export const actionLabel = (action: SeriesAction): string => WORDS[action].label;
export const doneMessage = (store: string, action: SeriesAction): string => `${store} ${WORDS[action].done}`;
export const failureText = (store: string, action: SeriesAction): string => `Failed to ${WORDS[action].verb} ${store}`;
