import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { parse as parseStream } from 'csv-parse';
import iconv from 'iconv-lite';
import { DEFAULT_CHARGE_SIGN, type ChargeSign } from '../../../shared/constants/imports';

/**
 * A bank or card statement as a CSV file, read whatever its bank chose: UTF-8 with or without a
 * byte-order mark or Windows-1252, comma, semicolon, tab or pipe between fields, quoted fields
 * with the delimiter inside, amounts as one signed column or as debit and credit, dates
 * month-first, day-first or ISO, decimal points or commas.
 */
export type StatementEncoding = 'utf-8' | 'windows-1252';
export type DateOrder = 'MDY' | 'DMY' | 'ISO';

export interface StatementTable {
  encoding: StatementEncoding;
  delimiter: string;
  header: string[];
  /** Each record with its line in the file (1 is the header; a quoted field over several lines: its last). */
  rows: { line: number; cells: string[] }[];
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

const DELIMITERS = [',', ';', '\t', '|'];
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The file's text: UTF-8 (its byte-order mark dropped) when it is valid UTF-8, else Windows-1252. */
export function decodeStatement(bytes: Buffer): { text: string; encoding: StatementEncoding } {
  const body = bytes.subarray(0, 3).equals(UTF8_BOM) ? bytes.subarray(3) : bytes;
  const text = body.toString('utf8');
  // Bytes that are not UTF-8 decode to U+FFFD; a bank's export never contains that character.
  if (!text.includes('\uFFFD')) return { text, encoding: 'utf-8' };
  return { text: iconv.decode(body, 'win1252'), encoding: 'windows-1252' };
}

/** The delimiter that splits the first lines into the same number of fields, more than one. */
export function detectDelimiter(text: string): string {
  const sample = text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 20)
    .join('\n');
  let best = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    let records: string[][];
    try {
      records = parse(sample, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
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

/** A statement's text, decoded, with the delimiter its first lines use. */
export interface OpenStatement {
  text: string;
  encoding: StatementEncoding;
  delimiter: string;
}

export function openStatement(bytes: Buffer): OpenStatement {
  const { text, encoding } = decodeStatement(bytes);
  return { text, encoding, delimiter: detectDelimiter(text) };
}

const PARSE_OPTIONS = { info: true, relax_column_count: true, skip_empty_lines: true, trim: true } as const;
/** With `info`, each record comes with where it starts; the typings do not follow the option. */
type InfoRecord = { record: string[]; info: { lines: number } };
const toRecord = ({ record, info }: InfoRecord) => ({ line: info.lines, cells: record });

/** The header and the first `records` records (all of them by default): enough to show a sample and guess the mapping. */
export function readStatement(bytes: Buffer, records = Infinity): StatementTable {
  return headOf(openStatement(bytes), records);
}

export function headOf({ text, encoding, delimiter }: OpenStatement, records: number): StatementTable {
  const parsed = parse(text, { ...PARSE_OPTIONS, delimiter, ...(records < Infinity ? { to: records + 1 } : {}) }) as unknown as InfoRecord[];
  const [first, ...rest] = parsed;
  if (!first) return { encoding, delimiter, header: [], rows: [] };
  return { encoding, delimiter, header: first.record, rows: rest.map(toRecord) };
}

/** The text in slices, so the parser reads as fast as its records are taken and no faster. */
function* slices(text: string, size = 64 * 1024): Generator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

/**
 * The records after the header, `size` at a time, parsed as they are taken: however long the
 * statement, only a chunk of records is held at once. A CSV error is thrown where it is met.
 */
export async function* statementChunks(statement: OpenStatement, size: number): AsyncGenerator<{ line: number; cells: string[] }[]> {
  const parser = Readable.from(slices(statement.text)).pipe(parseStream({ ...PARSE_OPTIONS, delimiter: statement.delimiter }));
  let chunk: { line: number; cells: string[] }[] = [];
  let header = true;
  for await (const record of parser as AsyncIterable<InfoRecord>) {
    if (header) {
      header = false;
      continue;
    }
    chunk.push(toRecord(record));
    if (chunk.length >= size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

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
  record: { line: number; cells: string[] },
  mapping: ColumnMapping,
  toMinor: (amount: number, currency: string | null) => number | null,
): StatementRow | RowProblem {
  const cell = (i: number | undefined) => (i === undefined ? '' : (record.cells[i] ?? '').trim());
  const problem = (message: string): RowProblem => ({ line: record.line, message });
  const date = parseStatementDate(cell(mapping.date), mapping.dateOrder);
  if (!date) return problem(`'${cell(mapping.date)}' is not a date (${mapping.dateOrder})`);
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
