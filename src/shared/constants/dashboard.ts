/** Dashboard constants of the API contract without its schemas: what the client imports. */

/** How many recent transactions the dashboard lists (spec §9). */
export const RECENT_TRANSACTIONS = 5;
