/** How often a recurring bill comes. */
export type RecurringInterval = 'weekly' | 'monthly' | 'yearly';

export const RECURRING_INTERVALS: readonly RecurringInterval[] = ['weekly', 'monthly', 'yearly'];
