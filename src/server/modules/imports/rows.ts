import { fromMinor, homeCents, isCurrencyCode, toMinor } from '../../../shared/currency';
import { MAX_AMOUNT } from '../../../shared/money';
import type { RowProblem } from '../../../shared/imports';
import type { RateBook } from '../currency/service';
import { isRowProblem, statementRow, type ColumnMapping, type RowFingerprints, type StatementRow } from './statement';

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

const problemOf = (row: StatementRow, home: string): string | null => {
  if (row.currency !== null && !isCurrencyCode(row.currency)) return `'${row.currency}' is not a currency code`;
  if (Math.abs(fromMinor(row.amount, row.currency ?? home)) > MAX_AMOUNT) return 'The amount is too large';
  return null;
};

/**
 * Records of a statement (a chunk, in file order) read with the mapping: the rows, each
 * fingerprinted (the same file read again gives the same fingerprints), and the records that are
 * not rows, by line.
 */
export function importRows(
  records: readonly { line: number; cells: string[] }[],
  mapping: ColumnMapping,
  book: RateBook,
  fingerprints: RowFingerprints,
): { rows: ImportRow[]; problems: RowProblem[] } {
  const home = book.home;
  const problems: RowProblem[] = [];
  const rows: ImportRow[] = [];
  for (const record of records) {
    const row = statementRow(record, mapping, (amount, currency) => toMinor(amount, currency ?? home));
    const problem = isRowProblem(row) ? row.message : problemOf(row, home);
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
