/** Statement import values the client needs too (no schema library behind them). */

export const STATEMENT_DATE_ORDERS = ['MDY', 'DMY', 'ISO'] as const;
export type StatementDateOrder = (typeof STATEMENT_DATE_ORDERS)[number];
/** A statement file larger than this is refused (about 200,000 rows of a usual bank's CSV). */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;
/** How many of the file's first records the preview shows as they are, for mapping the columns. */
export const STATEMENT_SAMPLE_ROWS = 5;

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
