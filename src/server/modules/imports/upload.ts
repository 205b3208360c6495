import { CsvError } from 'csv-parse';
import { badRequest, payloadTooLarge } from '../../errors';
import { scanStatement, StatementLimitError, type ScannedStatement } from './statement';

/** A statement as it was uploaded: its bytes (kept for the commit) and what reading it found. */
export interface UploadedStatement {
  name: string;
  bytes: Buffer;
  scan: ScannedStatement;
}

export const NOT_CSV = 'This file is not a CSV statement: export it from your bank as CSV (UTF-8 or Windows-1252)';
/** Records kept from the upload's reading: enough to show a sample and guess the mapping. */
export const HEAD_RECORDS = 200;

/** The bytes as they pass, kept; a NUL byte (never in a text export: a spreadsheet, a PDF, a picture, UTF-16) stops them at once. */
async function* kept(source: AsyncIterable<Buffer>, into: Buffer[]): AsyncGenerator<Buffer> {
  for await (const bytes of source) {
    if (bytes.includes(0)) throw badRequest(NOT_CSV);
    into.push(bytes);
    yield bytes;
  }
}

/**
 * Reads an uploaded statement as its bytes arrive: every limit is checked as it goes (a 413 names
 * the one passed, and the rest of the upload is not read), and the whole file is read once, so a
 * CSV error anywhere is a 400 now, not at the commit. A 400 too for what is no statement: empty,
 * not text, one column, no rows.
 */
export async function receiveStatement(name: string, source: AsyncIterable<Buffer>): Promise<UploadedStatement> {
  const pieces: Buffer[] = [];
  let scan: ScannedStatement;
  try {
    scan = await scanStatement(kept(source, pieces), HEAD_RECORDS);
  } catch (err) {
    if (err instanceof StatementLimitError) throw payloadTooLarge(err.message);
    if (err instanceof CsvError) throw badRequest(`The file could not be read as CSV: ${err.message}`);
    throw err;
  }
  const bytes = Buffer.concat(pieces);
  pieces.length = 0;
  if (!bytes.some((b) => b > 0x20)) throw badRequest('The file is empty');
  if (scan.header.length < 2) throw badRequest(NOT_CSV);
  if (scan.rowCount === 0) throw badRequest('The file has no rows');
  return { name, bytes, scan };
}
