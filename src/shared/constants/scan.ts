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

/**
 * Why the scanner chose a field (issue 52: a scan that explains itself). The scanner sends a
 * code and the text it read the value from; the review screen words it (scanReasonText.ts).
 * Store: the name this person saved for this store before, the first line of real words in the
 * header, another header line, or header lines joined. Date: on a line labelled as a date,
 * beside a time, the first date printed, or another date printed. Total: a total label and a sum
 * of the receipt agree, a label alone, a sum alone, a sum that repairs a misread amount, the
 * amount after the printed cash rounding, or an amount no label or sum confirms.
 */
export const STORE_REASONS = ['memory', 'first_line', 'header_line', 'joined_lines'] as const;
export const DATE_REASONS = ['date_label', 'time_beside', 'first_date', 'other_date'] as const;
export const TOTAL_REASONS = ['label_and_sum', 'label', 'sum', 'repaired', 'cash_rounded', 'guess'] as const;
/** The receipt's own sums that can agree with a total. */
export const TOTAL_SUMS = ['items', 'items_tax', 'subtotal_charges', 'cash_less_change'] as const;
export type StoreReason = (typeof STORE_REASONS)[number];
export type DateReason = (typeof DATE_REASONS)[number];
export type TotalReason = (typeof TOTAL_REASONS)[number];
export type TotalSum = (typeof TOTAL_SUMS)[number];
/** The longest printed text a reason carries (a line or two of the receipt). */
export const MAX_REASON_TEXT = 200;

/** The trust figure (Settings): the person's own last TRUST_SCANS saved scans, shown from TRUST_MIN_SCANS on. */
export const TRUST_SCANS = 100;
export const TRUST_MIN_SCANS = 5;

/**
 * Scanning learns from a person's own corrections (issue 52): the picker's weights are fitted
 * again for them from their saved scans once they have this many that teach something (a field
 * whose right value was among the candidates), and used only where, on those scans held out,
 * they pick right clearly more often than the global weights. Chosen on the train sets replayed
 * as one person (bench/personalPicker.ts --sweep): 10, 20 and 40 decided alike there, and 20 is
 * the fewest that hold out four scans in each of five folds, enough to see a 2-scan margin
 * (PERSONAL_GAIN in modules/scan/personalPicker.ts).
 */
export const PERSONAL_PICKER_MIN_SCANS = 20;
/**
 * Whether scanning uses what it learned of the person's corrections: on (for some fields), not
 * enough saved scans yet, learned but it did not help, or fitted around weights an update
 * replaced (learning again from the next saves).
 */
export const PERSONAL_PICKER_STATES = ['on', 'too_few_scans', 'no_gain', 'relearning'] as const;
export type PersonalPickerState = (typeof PERSONAL_PICKER_STATES)[number];
