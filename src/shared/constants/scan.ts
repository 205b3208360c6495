/** Scan constants of the API contract without its schemas: what the client imports. */

/** Spec §9: what a scanned item defaults to. */
export const DEFAULT_SCAN_QUANTITY = 1;

/** Below this a field is marked on the review screen for the person to check first. */
export const UNSURE_BELOW = 0.6;

/**
 * PDF receipts (e-receipts, scans saved as PDF): the same byte limit as a photo, and a page
 * limit that keeps a long receipt whole while refusing a document that is no receipt (a
 * thousand-page file would hold the scan process for minutes). Scanned pages are rendered at
 * most SCANNED_PDF_PAGE_PIXELS each, so memory follows one page, not the document.
 */
export const MAX_PDF_PAGES = 20;
export const MAX_PDF_BYTES = 8 * 1024 * 1024;
export const SCANNED_PDF_PAGE_PIXELS = 6_000_000;
export const PDF_TYPE = 'application/pdf';
/** What the file pickers offer: photos and PDFs. */
export const RECEIPT_FILE_ACCEPT = 'image/*,application/pdf';
