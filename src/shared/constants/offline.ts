/** What the service worker keeps for reading offline, and the API paths it recognises. */

/** Where the API serves a receipt's image by a signed link: `{prefix}{owner}/{file}?exp=…&sig=…`. */
export const RECEIPT_BLOB_PREFIX = '/blobs/receipts/';

/**
 * Receipt photos kept per person on the device, so a receipt opened online shows its photo
 * offline: at most this many, and this many bytes together (a phone's storage is shared with
 * everything else); the least recently opened go first.
 */
export const MAX_SAVED_PHOTOS = 60;
export const MAX_SAVED_PHOTO_BYTES = 40 * 1024 * 1024;
