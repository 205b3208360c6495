import { fromMinor, homeCents, isCurrencyCode, toMinor } from '../../../shared/currency';
import { MAX_AMOUNT } from '../../../shared/money';
import type { RowProblem } from '../../../shared/imports';
import type { RateBook } from '../currency/service';
import { receiptDateRefusal } from '../receipts/service';
import { isRowProblem, quoted, RowFingerprints, statementRow, statementRows, type ColumnMapping, type StatementRecord, type StatementRow } from './statement';

/** A statement row as an import keeps it: its currency known, its fingerprint, and what it counts in the home currency. */
export interface ImportRow extends StatementRow {
  currency: string;
  fingerprint: string;
  /** Home units for one unit of `currency` (null in the home currency). */
  rate: number | null;
  /** What sums count, in hundredths of the home currency; null when the table has no rate for the day. */
  amountCents: number | null;
}

/** Why a row in a foreign currency cannot be added: the rates table has none for its day. */
export const noRate = (row: ImportRow): RowProblem => ({ line: row.line, message: `No rate for ${row.currency} on ${row.date}` });

/**
 * Why a day cannot be a receipt's, asked as for every receipt, once per day of the file: working
 * out the latest day a receipt may have takes a time-zone calculation, and a statement has a few
 * hundred days in its thousands of rows.
 */
function dateRefusals(now: Date): (date: string) => string | null {
  const known = new Map<string, string | null>();
  return (date) => {
    if (!known.has(date)) known.set(date, receiptDateRefusal(date, `The date ${date}`, now));
    return known.get(date)!;
  };
}

/** Why a row read cleanly still cannot be a receipt: its date, its currency, its amount. */
const problemOf = (row: StatementRow, home: string, dateRefusal: (date: string) => string | null): string | null => {
  const refusedDate = dateRefusal(row.date);
  if (refusedDate) return refusedDate;
  if (row.currency !== null && !isCurrencyCode(row.currency)) return `${quoted(row.currency)} is not a currency code`;
  if (Math.abs(fromMinor(row.amount, row.currency ?? home)) > MAX_AMOUNT) return 'The amount is too large';
  return null;
};

/**
 * Records of a statement (a chunk, in file order) read with the mapping: the rows, each
 * fingerprinted (the same file read again gives the same fingerprints), and the records that are
 * not rows, by line.
 */
export function importRows(
  records: readonly StatementRecord[],
  mapping: ColumnMapping,
  book: RateBook,
  fingerprints: RowFingerprints,
  dateRefusal: (date: string) => string | null,
): { rows: ImportRow[]; problems: RowProblem[] } {
  const home = book.home;
  const problems: RowProblem[] = [];
  const rows: ImportRow[] = [];
  for (const record of records) {
    const row = statementRow(record, mapping, (amount, currency) => toMinor(amount, currency ?? home));
    const problem = isRowProblem(row) ? row.message : problemOf(row, home, dateRefusal);
    if (problem) {
      problems.push({ line: record.line, message: problem });
      continue;
    }
    const read = row as StatementRow;
    const currency = read.currency ?? home;
    const rate = book.rateOn(currency, read.date);
    const amountCents = rate === null ? null : homeCents(read.amount, currency, home, currency === home ? null : rate);
    rows.push({ ...read, currency, fingerprint: fingerprints.of(read), rate: currency === home ? null : rate, amountCents });
  }
  return { rows, problems };
}

/** One chunk of a statement's rows read with a mapping: the rows, the records that are no rows, and the chunk's last line. */
export interface RowChunk {
  rows: ImportRow[];
  problems: RowProblem[];
  lastLine: number;
}

/**
 * A kept statement's rows, `size` records at a time, fingerprinted in file order over the whole
 * file (the same file gives the same fingerprints however it is cut). The file was read through
 * cleanly when it was uploaded: no CSV error here.
 */
export async function* rowChunks(bytes: Uint8Array, mapping: ColumnMapping, book: RateBook, now: Date, size: number): AsyncGenerator<RowChunk> {
  const fingerprints = new RowFingerprints(book.home);
  const dateRefusal = dateRefusals(now);
  for await (const records of statementRows(bytes, size)) {
    yield { ...importRows(records, mapping, book, fingerprints, dateRefusal), lastLine: records[records.length - 1].line };
  }
}
