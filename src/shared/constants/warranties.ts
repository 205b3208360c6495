/** Return windows and warranties: constants of the API contract both sides read. */

/** A return window closing is told this many days ahead (and on the day it closes). */
export const RETURN_REMINDER_DAYS = 3;

/** The furthest a warranty may run: this many years after today. */
export const WARRANTY_MAX_YEARS = 10;

/** The forms' quick picks, counted from the receipt's date. */
export const RETURN_PICK_DAYS = [14, 30, 90] as const;
export const WARRANTY_PICK_YEARS = [1, 2, 3] as const;

/** The most entries each list of GET /warranties answers (deadlines furthest off first). */
export const WARRANTY_LIST_LIMIT = 500;
