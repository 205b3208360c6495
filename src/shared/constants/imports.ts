/** Statement import values the client needs too (no schema library behind them). */

export const STATEMENT_DATE_ORDERS = ['MDY', 'DMY', 'ISO'] as const;
export type StatementDateOrder = (typeof STATEMENT_DATE_ORDERS)[number];
/** A statement file larger than this is refused (about 200,000 rows of a usual bank's CSV). */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;
/** How many of the file's first records the preview shows as they are, for mapping the columns. */
export const STATEMENT_SAMPLE_ROWS = 5;

/*
 * What one statement may hold, checked as its bytes arrive (an upload past one is refused with a
 * 413 naming it): a bank's export of a year is a few thousand lines of a dozen short columns.
 */
/** Lines in the file, blank ones and the header included. */
export const MAX_STATEMENT_LINES = 50_000;
/** Columns in any line (a mapping names columns 0 to 199). */
export const MAX_STATEMENT_COLUMNS = 200;
/** Characters in one field. */
export const MAX_STATEMENT_FIELD_CHARS = 1_000;

/** Rows of each status, and rows with a problem, the preview lists (its counts are of every row): the first in file order. */
export const PREVIEW_ROWS_PER_STATUS = 1_000;
/** Row problems a preview or an import's result lists (the first by line; the count is of all). */
export const MAX_LISTED_PROBLEMS = 1_000;

/*
 * Statements a person's uploads keep, waiting for their commit: past either, the oldest go (the
 * screen only ever commits the newest, and each change of the columns uploads the file again).
 */
export const MAX_KEPT_PREVIEWS = 5;
export const MAX_KEPT_PREVIEW_BYTES = 2 * MAX_STATEMENT_BYTES;

/** Where an import stands: its rows being written (in the background), written, or stopped by a fault. */
export const IMPORT_COMMIT_STATUSES = ['importing', 'done', 'failed'] as const;
export type ImportCommitStatus = (typeof IMPORT_COMMIT_STATUSES)[number];

export const IMPORT_ROW_STATUSES = ['new', 'already_imported', 'matches'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/**
 * How a bank writes a charge in a signed amount column: most print spending negative; some card
 * exports (American Express among them) print it positive and payments to the card negative.
 */
export const CHARGE_SIGNS = ['negative', 'positive'] as const;
export type ChargeSign = (typeof CHARGE_SIGNS)[number];
export const DEFAULT_CHARGE_SIGN: ChargeSign = 'negative';

export const IMPORT_ROW_ACTIONS = ['add', 'skip', 'link'] as const;
export type ImportRowAction = (typeof IMPORT_ROW_ACTIONS)[number];

/**
 * What a commit does with a row the person did not change: a row imported before is skipped, a
 * match is linked, new spending is added, and new money in (a payment to the card, a salary, a
 * transfer in: a negative amount once the sign is applied) is skipped, since adding it would
 * lower the month's spending; the person may add it as a refund.
 */
export function defaultRowAction(row: { status: ImportRowStatus; amount: number }): ImportRowAction {
  if (row.status === 'already_imported') return 'skip';
  if (row.status === 'matches') return 'link';
  return row.amount < 0 ? 'skip' : 'add';
}
