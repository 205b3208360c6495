/** Recurring-bill constants of the API contract without its schemas: what the client imports. */

/** How often a recurring bill comes. */
export const RECURRING_INTERVALS = ['weekly', 'monthly', 'yearly'] as const;
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];

/** found: Tally saw it; confirmed: the person says it is a bill; dismissed: the person says it is not (it stays dismissed). */
export const RECURRING_STATUSES = ['found', 'confirmed', 'dismissed'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

/** A confirmed bill is announced this many days before it is due. */
export const BILL_REMINDER_DAYS = 3;
