/** Scan constants of the API contract without its schemas: what the client imports. */

/** Spec §9: what a scanned item defaults to. */
export const DEFAULT_SCAN_QUANTITY = 1;

/** Below this a field is marked on the review screen for the person to check first. */
export const UNSURE_BELOW = 0.6;
