/** Price memory limits both sides use. */

/** The most purchases an item's history answers (the latest). */
export const PRICE_HISTORY_LIMIT = 500;

/** A price is 'clearly more than usual' at this many times the usual (median) or above. */
export const PRICE_NOTE_RATIO = 1.15;

/** A usual price is the median of this many of the person's latest purchases: what it costs now, not years ago. */
export const PRICE_NOTE_RECENT = 50;

/** Earlier purchases needed before Tally speaks of a usual price. */
export const PRICE_NOTE_MIN_PURCHASES = 2;

/** 'Recent' for the cheapest store: purchases this many days before the latest. */
export const RECENT_PRICE_DAYS = 90;

/** The most names one product holds: its history reads each name's latest purchases. */
export const PRODUCT_MAX_NAMES = 20;
