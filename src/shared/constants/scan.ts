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
/**
 * The longest one receipt (a photo or a PDF) may be read for before the scan process is stopped
 * and the scan refused: the longest PDF allowed reads in well under it, and no file can hold the
 * scanner (and everyone waiting for it) longer. OCR_SCAN_TIME_LIMIT_SECONDS changes it.
 */
export const SCAN_TIME_LIMIT_SECONDS = 90;
/** Width of a PDF's first page drawn as the picture a person sees of it. */
export const PDF_PREVIEW_WIDTH = 900;
export const PDF_TYPE = 'application/pdf';
/** What the file pickers offer: photos and PDFs. */
export const RECEIPT_FILE_ACCEPT = 'image/*,application/pdf';
