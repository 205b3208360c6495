import { Type, type Static } from 'typebox';
import { CHARGE_SIGNS, IMPORT_COMMIT_STATUSES, IMPORT_ROW_ACTIONS, MAX_LISTED_PROBLEMS, PREVIEW_ROWS_PER_STATUS } from './constants/imports';
import { currencyCode } from './currencyRates';

/**
 * Bank or card statements imported from CSV (POST /api/import/preview, POST /api/import/commit).
 * Amounts are numbers in the row's currency, spending positive and money in negative.
 */

// The client takes these from ./constants/imports, which has no schema library behind it.
export {
  STATEMENT_DATE_ORDERS,
  MAX_STATEMENT_BYTES,
  STATEMENT_SAMPLE_ROWS,
  MAX_STATEMENT_LINES,
  MAX_STATEMENT_COLUMNS,
  MAX_STATEMENT_FIELD_CHARS,
  PREVIEW_ROWS_PER_STATUS,
  MAX_LISTED_PROBLEMS,
  MAX_KEPT_PREVIEWS,
  MAX_KEPT_PREVIEW_BYTES,
  IMPORT_COMMIT_STATUSES,
  type ImportCommitStatus,
  IMPORT_ROW_STATUSES,
  CHARGE_SIGNS,
  DEFAULT_CHARGE_SIGN,
  IMPORT_ROW_ACTIONS,
  defaultRowAction,
  type StatementDateOrder,
  type ImportRowStatus,
  type ChargeSign,
  type ImportRowAction,
} from './constants/imports';

const column = (description = "A column's position in the header, from 0") => Type.Integer({ minimum: 0, maximum: 199, description });
const Column = column();

/**
 * Which column holds what (an amount column, or debit and credit columns) and how to read it; a
 * bank's mapping is remembered by its header row.
 */
export const ImportMapping = Type.Object(
  {
    date: Column,
    description: Column,
    amount: Type.Optional(Column),
    debit: Type.Optional(Column),
    credit: Type.Optional(Column),
    currency: Type.Optional(Column),
    category: Type.Optional(column("The bank's category column: each row goes in the person's category of that name, else Other")),
    date_order: Type.Enum(['MDY', 'DMY', 'ISO'], { description: 'MDY: 03/14/2026; DMY: 14/03/2026; ISO: 2026-03-14' }),
    charge_sign: Type.Optional(
      Type.Enum([...CHARGE_SIGNS], {
        description:
          "With an amount column: how it writes a charge. negative (the default): '-42.50' is spending; positive (American Express and some other cards): '42.50' is",
      }),
    ),
    statement_currency: Type.Optional(currencyCode('The currency of the rows whose currency the file does not say; default: the home currency')),
  },
  { additionalProperties: false },
);
export type ImportMapping = Static<typeof ImportMapping>;

/** What Tally could tell of the mapping from the header and the rows; a field it could not tell is left out. */
export const GuessedMapping = Type.Partial(ImportMapping);
export type GuessedMapping = Static<typeof GuessedMapping>;

/** A saved receipt a row matches. */
export const MatchedReceipt = Type.Object({
  id: Type.String(),
  store: Type.String(),
  date: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
});
export type MatchedReceipt = Static<typeof MatchedReceipt>;

export const ImportPreviewRow = Type.Object({
  /** The row's line in the file (1 is the header): how the commit names it. */
  line: Type.Integer(),
  date: Type.String(),
  description: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  status: Type.Enum(['new', 'already_imported', 'matches']),
  /** The receipt it matches (status 'matches'). */
  receipt: Type.Union([MatchedReceipt, Type.Null()]),
  /** With a category column mapped: the person's category the row is added in. */
  category: Type.Optional(Type.String()),
});
export type ImportPreviewRow = Static<typeof ImportPreviewRow>;

export const RowProblem = Type.Object({ line: Type.Integer(), message: Type.String() });
export type RowProblem = Static<typeof RowProblem>;

/** POST /api/import/preview answers this; nothing is written but the uploaded file, kept for the commit. */
export const ImportPreview = Type.Object({
  id: Type.String(),
  file_name: Type.String(),
  encoding: Type.Enum(['utf-8', 'windows-1252']),
  delimiter: Type.String(),
  header: Type.Array(Type.String()),
  /** The first records as they are, for choosing the columns. */
  sample: Type.Array(Type.Array(Type.String())),
  /** The mapping used: the one sent, else the one remembered for this bank's header, else Tally's guess. */
  mapping: GuessedMapping,
  /** Where the mapping came from. */
  mapping_source: Type.Enum(['sent', 'remembered', 'guessed']),
  /** False until every needed column is known: then rows are empty and the person maps the columns. */
  mapping_complete: Type.Boolean(),
  rows: Type.Array(ImportPreviewRow, { description: `The first ${PREVIEW_ROWS_PER_STATUS} rows of each status, in file order; counts has them all` }),
  problems: Type.Array(RowProblem, { description: `The first ${MAX_LISTED_PROBLEMS} rows that cannot be read, by line; counts.problems has them all` }),
  counts: Type.Object({ new: Type.Integer(), already_imported: Type.Integer(), matches: Type.Integer(), problems: Type.Integer() }),
});
export type ImportPreview = Static<typeof ImportPreview>;

/** What the person decided for one row, where it differs from its preview status. */
export const ImportRowChange = Type.Object(
  {
    line: Type.Integer({ minimum: 2 }),
    action: Type.Enum([...IMPORT_ROW_ACTIONS], {
      description:
        'add: a new receipt (money in becomes a refund, a negative amount); skip: nothing; link: to receipt_id. Unchanged rows: see defaultRowAction',
    }),
    receipt_id: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ImportRowChange = Static<typeof ImportRowChange>;

export const ImportCommitBody = Type.Object(
  {
    preview_id: Type.String({ maxLength: 100 }),
    changes: Type.Optional(Type.Array(ImportRowChange, { maxItems: 200_000 })),
  },
  { additionalProperties: false },
);
export type ImportCommitBody = Static<typeof ImportCommitBody>;

export const ImportCommitResult = Type.Object({
  added: Type.Integer(),
  linked: Type.Integer(),
  skipped: Type.Integer(),
  problems: Type.Array(RowProblem, { description: `The first ${MAX_LISTED_PROBLEMS} rows not imported, by line` }),
  /** Rows not imported past the ones listed. */
  problems_left_out: Type.Optional(Type.Integer()),
});
export type ImportCommitResult = Static<typeof ImportCommitResult>;

/**
 * An import being written in the background, or its outcome (GET /api/import/commit/:preview_id,
 * and POST /api/import/commit's 202): the rows are written a chunk at a time.
 */
export const ImportCommitState = Type.Object({
  preview_id: Type.String(),
  status: Type.Enum([...IMPORT_COMMIT_STATUSES], {
    description: 'importing: rows are being written; done: result is what the import did; failed: it stopped, message says why',
  }),
  /** The statement's rows, and how many of them are dealt with so far. */
  rows: Type.Integer(),
  rows_done: Type.Integer(),
  /** What it did so far (all of it once done). */
  result: ImportCommitResult,
  message: Type.Optional(Type.String()),
});
export type ImportCommitState = Static<typeof ImportCommitState>;
