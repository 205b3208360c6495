import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';
import { parse as parseStream, CsvError, type Options } from 'csv-parse';
import { DEFAULT_CHARGE_SIGN, MAX_STATEMENT_COLUMNS, MAX_STATEMENT_FIELD_CHARS, MAX_STATEMENT_LINES, type ChargeSign } from '../../../shared/constants/imports';
import { StatementDecoder, type StatementEncoding } from './statementText';

/**
 * A bank or card statement as a CSV file, read whatever its bank chose: UTF-8 with or without a
 * byte-order mark or Windows-1252, comma, semicolon, tab or pipe between fields, quoted fields
 * with the delimiter inside, amounts as one signed column or as debit and credit, dates
 * month-first, day-first or ISO, decimal points or commas.
 */
export type { StatementEncoding };
export type DateOrder = 'MDY' | 'DMY' | 'ISO';

/** One record with its line in the file (1 is the first; a quoted field over several lines: its last). */
export interface StatementRecord {
  line: number;
  cells: string[];
}

export interface StatementTable {
  encoding: StatementEncoding;
  delimiter: string;
  header: string[];
  /** The records after the header (the first of them, as many as were kept). */
  rows: StatementRecord[];
}

/** A statement's header and first rows, and how many rows it has: the whole file read once, every limit checked. */
export interface ScannedStatement extends StatementTable {
  rowCount: number;
}

/** Which column holds what (0-based), an amount column or debit and credit columns, and how to read them. */
export interface ColumnMapping {
  date: number;
  description: number;
  amount?: number;
  debit?: number;
  credit?: number;
  currency?: number;
  category?: number;
  dateOrder: DateOrder;
  /** How the amount column writes a charge; default negative. */
  chargeSign?: ChargeSign;
  /** The currency of a row whose currency the file does not say; default: the home currency. */
  statementCurrency?: string;
}

/** The fields of a mapping that name a column. */
export const COLUMN_FIELDS = ['date', 'description', 'amount', 'debit', 'credit', 'currency', 'category'] as const;
export type ColumnField = (typeof COLUMN_FIELDS)[number];

export interface StatementRow {
  line: number;
  date: string;
  description: string;
  /** Spent is positive, money in (a refund, a salary) negative, in the row's currency's minor units. */
  amount: number;
  /** As the file or the statement currency says; null: the home currency. */
  currency: string | null;
  /** With a category column: the bank's category as written ('' for none). */
  category?: string;
}

export interface RowProblem {
  line: number;
  message: string;
}

/** A statement past one of the limits (MAX_STATEMENT_*): its message names the limit and the line. */
export class StatementLimitError extends Error {}

const DELIMITERS = [',', ';', '\t', '|'];

/** The delimiter that splits the first lines into the same number of fields, more than one. */
export function detectDelimiter(text: string): string {
  const sample = text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, DELIMITER_LINES)
    .join('\n');
  let best = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    let records: string[][];
    try {
      records = parse(sample, { delimiter, record_delimiter: '\n', relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
    } catch {
      continue;
    }
    const widths = records.map((r) => r.length);
    const width = widths[0] ?? 0;
    if (width < 2) continue;
    const agreeing = widths.filter((w) => w === width).length / widths.length;
    const score = agreeing * 100 + width;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/**
 * Lines the delimiter is told from, and at most how much text they are looked for in: each
 * delimiter tried parses it, so a first line of thousands of fields costs four parses of it.
 */
const DELIMITER_LINES = 20;
const DELIMITER_TEXT_CHARS = 8 * 1024;
/** Bytes decoded and parsed between two turns of the event loop: each piece is a millisecond or so of work. */
const SLICE_BYTES = 16 * 1024;
/** However its fields are cut, no line within the limits holds more: a field growing past it is refused before it is whole. */
const MAX_RECORD_CHARS = MAX_STATEMENT_COLUMNS * MAX_STATEMENT_FIELD_CHARS;

const count = (n: number) => n.toLocaleString('en-US');
export const TOO_MANY_LINES = `The statement has more than ${count(MAX_STATEMENT_LINES)} lines: export a shorter period from your bank`;
const tooManyColumns = (line: number) =>
  `Line ${line} has more than ${count(MAX_STATEMENT_COLUMNS)} columns: a statement can have at most ${count(MAX_STATEMENT_COLUMNS)}`;
const fieldTooLong = (line: number) =>
  `Line ${line} has a field longer than ${count(MAX_STATEMENT_FIELD_CHARS)} characters, the most a statement's field can have`;

/** A record past the column or field limit: the error saying so. */
function overLimit(record: readonly string[], line: number): StatementLimitError | null {
  if (record.length > MAX_STATEMENT_COLUMNS) return new StatementLimitError(tooManyColumns(line));
  for (const cell of record) if (cell.length > MAX_STATEMENT_FIELD_CHARS) return new StatementLimitError(fieldTooLong(line));
  return null;
}

/**
 * The fields of the record the parser is in the middle of: a line of commas grows by a field per
 * byte and ends only with the file, so its width is looked at between two pieces too. csv-parse
 * keeps its state on the parser (for older callers); without it, the record's end still tells.
 */
const fieldsSoFar = (parser: unknown) => (parser as { state?: { record?: unknown[] } }).state?.record?.length ?? 0;

/**
 * Each record as it ends, checked against the column and field limits in file order (a cast
 * function would check each field as it ends, but csv-parse then builds a context per field:
 * four times slower), with its line.
 */
function checkedRecord(cells: string[], context: { lines: number }): StatementRecord {
  const over = overLimit(cells, context.lines);
  if (over) throw over;
  return { line: context.lines, cells };
}

const PARSE_OPTIONS: Options<StatementRecord, string[]> = {
  relax_column_count: true,
  skip_empty_lines: true,
  trim: true,
  max_record_size: MAX_RECORD_CHARS,
  on_record: checkedRecord,
};

/** What a statement's text turned out to be: the delimiter once its first lines are in, the encoding once all of it is. */
export interface StatementFacts {
  encoding: StatementEncoding;
  delimiter: string;
}

/** The text of the bytes as they come, a slice at a time with a turn of the event loop between: others' requests are answered meanwhile. */
async function* textOf(source: AsyncIterable<Uint8Array>, decoder: StatementDecoder): AsyncGenerator<string> {
  for await (const bytes of source) {
    for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
      const piece = decoder.write(bytes.subarray(at, at + SLICE_BYTES));
      if (piece) yield piece;
      await nextTurn();
    }
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * The statement's records, the header first, `size` at a time, parsed as the bytes arrive from
 * `source` and let go once taken: however long the file, a chunk of records is held at once, and
 * the limits (lines, columns, a field's length) are checked as it is read, a StatementLimitError
 * where one is passed. A CSV error is thrown where it is met. `facts` is filled in as it is known.
 */
export async function* statementRecords(source: AsyncIterable<Uint8Array>, size: number, facts: StatementFacts): AsyncGenerator<StatementRecord[]> {
  const decoder = new StatementDecoder();
  const pieces = textOf(source, decoder);
  let start = '';
  let ended = false;
  while (!ended && start.length < DELIMITER_TEXT_CHARS && (start.match(/\n/g)?.length ?? 0) <= DELIMITER_LINES) {
    const next = await pieces.next();
    if (next.done) ended = true;
    else start += next.value;
  }
  facts.delimiter = detectDelimiter(start.slice(0, DELIMITER_TEXT_CHARS));
  // The typings take on_record's records for the input's; the records are StatementRecords.
  const parser = parseStream({ ...PARSE_OPTIONS, delimiter: facts.delimiter } as Options);
  // Blank lines make no records, so the lines are counted here too, as each piece goes in.
  const feed = async function* () {
    try {
      if (start) yield start;
      while (!ended) {
        if (parser.info.lines > MAX_STATEMENT_LINES) throw new StatementLimitError(TOO_MANY_LINES);
        if (fieldsSoFar(parser) > MAX_STATEMENT_COLUMNS) throw new StatementLimitError(tooManyColumns(parser.info.lines));
        const next = await pieces.next();
        if (next.done) ended = true;
        else yield next.value;
      }
      facts.encoding = decoder.encoding;
    } catch (err) {
      parser.destroy(err as Error);
    }
  };
  Readable.from(feed()).pipe(parser);
  let chunk: StatementRecord[] = [];
  try {
    for await (const record of parser as AsyncIterable<StatementRecord>) {
      if (record.line > MAX_STATEMENT_LINES) throw new StatementLimitError(TOO_MANY_LINES);
      chunk.push(record);
      if (chunk.length >= size) {
        yield chunk;
        chunk = [];
      }
    }
  } catch (err) {
    if (err instanceof CsvError && err.code === 'CSV_MAX_RECORD_SIZE') throw new StatementLimitError(fieldTooLong(parser.info.lines));
    throw err;
  } finally {
    parser.destroy();
    // Lets go of the source too (a refused upload is then drained by its reader, not held half read).
    void pieces.return(undefined);
  }
  if (chunk.length) yield chunk;
}

/** Bytes held in memory (a kept statement) as a source for statementRecords. */
export async function* bytesSource(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/**
 * Reads the whole statement from `source` as it arrives, every limit checked: its header, its
 * first `keep` rows (enough to show a sample and guess the mapping) and how many rows it has.
 */
export async function scanStatement(source: AsyncIterable<Uint8Array>, keep: number): Promise<ScannedStatement> {
  const facts: StatementFacts = { encoding: 'utf-8', delimiter: ',' };
  let header: string[] | null = null;
  const rows: StatementRecord[] = [];
  let rowCount = 0;
  for await (const records of statementRecords(source, SCAN_CHUNK, facts)) {
    for (const record of records) {
      if (header === null) header = record.cells;
      else {
        rowCount++;
        if (rows.length < keep) rows.push(record);
      }
    }
  }
  return { ...facts, header: header ?? [], rows, rowCount };
}
const SCAN_CHUNK = 1000;

/** The header and first `keep` rows of statement bytes held in memory, the rest not read. */
export async function headOf(bytes: Uint8Array, keep: number): Promise<StatementTable> {
  const facts: StatementFacts = { encoding: 'utf-8', delimiter: ',' };
  for await (const [header, ...rows] of statementRecords(bytesSource(bytes), keep + 1, facts)) return { ...facts, header: header.cells, rows };
  return { ...facts, header: [], rows: [] };
}

/** The header and every row of statement bytes held in memory (tests and small files). */
export function readStatement(bytes: Uint8Array): Promise<ScannedStatement> {
  return scanStatement(bytesSource(bytes), Infinity);
}

/** The records after the header of statement bytes held in memory, `size` at a time (see statementRecords). */
export async function* statementRows(bytes: Uint8Array, size: number): AsyncGenerator<StatementRecord[]> {
  let header = true;
  for await (const records of statementRecords(bytesSource(bytes), size, { encoding: 'utf-8', delimiter: ',' })) {
    const rows = header ? records.slice(1) : records;
    header = false;
    if (rows.length) yield rows;
  }
}

/** A cell as a problem's message quotes it: its start, when it is long (a field may have a thousand characters). */
export function quoted(text: string): string {
  const chars = Array.from(text);
  return `'${chars.length > QUOTED_CHARS ? `${chars.slice(0, QUOTED_CHARS).join('')}…` : text}'`;
}
const QUOTED_CHARS = 40;

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})/;
const SLASHED_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/;

/** The order the dates must be in: ISO if they look so, DMY or MDY when a part above 12 tells; null when they cannot tell. */
export function guessDateOrder(dates: string[]): DateOrder | null {
  const filled = dates.map((d) => d.trim()).filter(Boolean);
  if (filled.length && filled.every((d) => ISO_DATE.test(d))) return 'ISO';
  for (const d of filled) {
    const m = SLASHED_DATE.exec(d);
    if (!m) continue;
    if (Number(m[1]) > 12) return 'DMY';
    if (Number(m[2]) > 12) return 'MDY';
  }
  return null;
}

/** A statement's date as 'YYYY-MM-DD', or null when it is not a real date in that order. */
export function parseStatementDate(text: string, order: DateOrder): string | null {
  const t = text.trim();
  let y: number, m: number, d: number;
  const iso = ISO_DATE.exec(t);
  if (order === 'ISO' || iso) {
    if (!iso) return null;
    [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else {
    const s = SLASHED_DATE.exec(t);
    if (!s) return null;
    const [a, b, year] = [Number(s[1]), Number(s[2]), Number(s[3])];
    [m, d] = order === 'MDY' ? [a, b] : [b, a];
    y = s[3].length === 2 ? 2000 + year : year;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A printed amount as a number: '1,234.56', '1.234,56', '-12.50', '(12.50)', '12.50-', '€ 12,50',
 * 'RM45.60'. A comma followed by one or two digits at the end is a decimal comma. Null when it
 * is not an amount.
 */
export function parseStatementAmount(text: string): number | null {
  let t = text.trim().replace(/\s/g, '');
  if (!t) return null;
  let negative = false;
  if (/^\(.*\)$/.test(t)) [negative, t] = [true, t.slice(1, -1)];
  if (t.endsWith('-')) [negative, t] = [true, t.slice(0, -1)];
  if (t.startsWith('-')) [negative, t] = [!negative, t.slice(1)];
  if (t.startsWith('+')) t = t.slice(1);
  t = t.replace(/^[^\d.,]+|[^\d.,]+$/g, ''); // currency signs and codes either side
  if (!/^\d[\d.,]*$/.test(t) && !/^[.,]\d+$/.test(t)) return null;
  const decimalComma = /,\d{1,2}$/.test(t) && !/\.\d{1,2}$/.test(t);
  const normal = decimalComma ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  if (!/^\d*\.?\d+$/.test(normal) && !/^\d+\.?$/.test(normal)) return null;
  const value = Number(normal);
  return Number.isFinite(value) ? (negative ? -value : value) : null;
}

/**
 * One record as a statement row in the mapping, or the problem with it in words. Debits are
 * spending (positive), credits money in (negative); a signed amount column is read with the
 * bank's sign: spending negative (turned around), or, for a card that prints charges positive, as
 * it is.
 */
export function statementRow(
  record: StatementRecord,
  mapping: ColumnMapping,
  toMinor: (amount: number, currency: string | null) => number | null,
): StatementRow | RowProblem {
  const cell = (i: number | undefined) => (i === undefined ? '' : (record.cells[i] ?? '').trim());
  const problem = (message: string): RowProblem => ({ line: record.line, message });
  const date = parseStatementDate(cell(mapping.date), mapping.dateOrder);
  if (!date) return problem(`${quoted(cell(mapping.date))} is not a date (${mapping.dateOrder})`);
  const description = cell(mapping.description).replace(/\s+/g, ' ');
  if (!description) return problem('The description is empty');
  const currency = (mapping.currency === undefined ? '' : cell(mapping.currency).toUpperCase()) || mapping.statementCurrency || null;
  let amount: number | null;
  if (mapping.amount !== undefined) {
    const printed = parseStatementAmount(cell(mapping.amount));
    const positive = (mapping.chargeSign ?? DEFAULT_CHARGE_SIGN) === 'positive';
    amount = printed === null ? null : positive ? printed : -printed;
  } else {
    const debit = cell(mapping.debit) ? parseStatementAmount(cell(mapping.debit)) : 0;
    const credit = cell(mapping.credit) ? parseStatementAmount(cell(mapping.credit)) : 0;
    amount = debit === null || credit === null ? null : Math.abs(debit) - Math.abs(credit);
  }
  if (amount === null) return problem('The amount is not a number');
  const minor = toMinor(amount, currency);
  if (minor === null) return problem(`The amount ${amount} has more decimals than ${currency ?? 'the currency'} has`);
  if (minor === 0) return problem('The amount is zero');
  const row: StatementRow = { line: record.line, date, description, amount: minor, currency };
  return mapping.category === undefined ? row : { ...row, category: cell(mapping.category).replace(/\s+/g, ' ') };
}

export const isRowProblem = (r: StatementRow | RowProblem): r is RowProblem => 'message' in r;

/**
 * What makes a row the same row when the same statement (or an overlapping one) is imported again:
 * its date, amount, currency and description, spacing and case aside, and which of the file's
 * identical rows it is (two coffees of the same price on one day are two rows, both kept).
 */
export function rowFingerprint(row: Pick<StatementRow, 'date' | 'amount' | 'currency' | 'description'>, homeCurrency: string, occurrence: number): string {
  const description = row.description.toLowerCase().replace(/\s+/g, ' ').trim();
  return crypto
    .createHash('sha256')
    .update([row.date, row.amount, row.currency ?? homeCurrency, description, occurrence].join('\n'))
    .digest('hex');
}

/**
 * Fingerprints of a file's rows, taken in file order (a chunk at a time): it counts identical
 * rows, keeping a short key per distinct row rather than the rows.
 */
export class RowFingerprints {
  private seen = new Map<string, number>();

  constructor(private homeCurrency: string) {}

  of(row: StatementRow): string {
    const first = rowFingerprint(row, this.homeCurrency, 0);
    const key = first.slice(0, 24);
    const occurrence = this.seen.get(key) ?? 0;
    this.seen.set(key, occurrence + 1);
    return occurrence === 0 ? first : rowFingerprint(row, this.homeCurrency, occurrence);
  }
}

/** Each row's fingerprint, counting identical rows in file order. */
export function fingerprintsOf(rows: StatementRow[], homeCurrency: string): string[] {
  const fingerprints = new RowFingerprints(homeCurrency);
  return rows.map((row) => fingerprints.of(row));
}
