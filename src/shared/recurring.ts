/** How often a recurring bill comes. */
export type RecurringInterval = 'weekly' | 'monthly' | 'yearly';
