/** Dashboard constants of the API contract without its schemas: what the client imports. */

/** How many recent transactions the dashboard lists (spec §9). */
export const RECENT_TRANSACTIONS = 5;

/**
 * Days of this month (today counted) the month-end forecast waits for when no earlier month's
 * spending steadies it: before then a receipt or two say nothing about the rest of the month,
 * and the forecast neither shows nor warns (README, 'Budgets that look ahead').
 */
export const FORECAST_MIN_DAYS = 7;
