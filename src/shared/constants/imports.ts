/** Statement import values the client needs too (no schema library behind them). */

export const STATEMENT_DATE_ORDERS = ['MDY', 'DMY', 'ISO'] as const;
export type StatementDateOrder = (typeof STATEMENT_DATE_ORDERS)[number];
/** A statement file larger than this is refused (about 200,000 rows of a usual bank's CSV). */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;
/** How many of the file's first records the preview shows as they are, for mapping the columns. */
export const STATEMENT_SAMPLE_ROWS = 5;

export const IMPORT_ROW_STATUSES = ['new', 'already_imported', 'matches'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];
