/** Evidence-pack constants of the API contract without its schemas: what the client imports. */

/** The spreadsheet of an evidence pack, at the zip's top. */
export const PACK_CSV_NAME = 'receipts.csv';
/** The folder of an evidence pack that holds the originals. */
export const PACK_ORIGINALS_FOLDER = 'originals';
/** The CSV column naming each receipt's original in the pack (empty when it has none). */
export const PACK_ORIGINAL_COLUMN = 'Original';
/** At most this many characters of the store go into an original's file name. */
export const PACK_STORE_NAME_MAX = 40;
/** A search in a pack is as long as one in the receipts list. */
export const PACK_SEARCH_MAX = 100;
