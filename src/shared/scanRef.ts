/**
 * A scan_ref ties a saved receipt to what the scanner read at the top of it (its fingerprint:
 * lower-case letters and digits in words), so Tally can learn the name a person gives a store.
 * Its own file: both the scan answer and the receipt save payload use it.
 */
export const MAX_SCAN_REF = 200;
export const SCAN_REF_PATTERN = '^[a-z0-9 ]*$';
