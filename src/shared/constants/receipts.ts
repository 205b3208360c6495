/** Receipts constants of the API contract without its schemas: what the client imports. */

export const MAX_RECEIPT_ITEMS = 200;

/** The longest store name a receipt keeps. */
export const MAX_STORE_NAME = 200;

/** The longest description, item name and payment method a receipt keeps; the forms' fields stop typing there. */
export const MAX_RECEIPT_DESCRIPTION = 500;
export const MAX_ITEM_NAME = 200;
export const MAX_PAYMENT_METHOD = 50;

export const MAX_ITEM_QUANTITY = 100_000;

/** Header of GET /receipts carrying the number of matching receipts, for paging. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** Header of GET /receipts carrying the `after` of the next page, when there may be one. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * The deepest `offset` GET /receipts takes: skipping rows costs the database for each one, so
 * deeper pages are reached with `after` (the last page's NEXT_CURSOR_HEADER), which costs the same
 * at any depth. 200 pages of 50 is more than anyone clicks through.
 */
export const RECEIPT_LIST_MAX_OFFSET = 10_000;

/** Default item category of the scan screen (spec §9). */
export const DEFAULT_ITEM_CATEGORY = 'food';

export const RECEIPT_SORTS = ['date', 'amount', 'store'] as const;

export type ReceiptSort = (typeof RECEIPT_SORTS)[number];

/** The text read off one receipt, as kept with it; a long till roll stays well under this. */
export const MAX_OCR_TEXT = 20_000;
