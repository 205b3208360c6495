import crypto from 'node:crypto';
import type { Db } from '../../db';
import { writeAsUser } from '../../db/accountGate';
import { badRequest, notFound } from '../../errors';
import { storeKey } from '../../storeKey';
import { fromMinor } from '../../../shared/currency';
import {
  STATEMENT_SAMPLE_ROWS,
  type GuessedMapping,
  type ImportCommitBody,
  type ImportCommitResult,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportRowChange,
  type RowProblem,
} from '../../../shared/imports';
import { ensureFallbackCategory } from '../categories/service';
import { loadRateBook } from '../currency/service';
import { insertImportedReceipts } from '../receipts/service';
import type { BulkChangeHook } from '../receipts/events';
import { classifyRows, type ClassifiedRow } from './classify';
import { completeMapping, headerKey, sentMapping, toApiMapping } from './mapping';
import { deletePreview, findMapping, findOwnReceipts, findPreview, insertPreview, recordRows, saveMapping } from './repository';
import { importRows, noRate, type ImportRow } from './rows';
import { guessMapping, readStatement, type ColumnMapping, type StatementTable } from './statement';

export interface UploadedStatement {
  name: string;
  bytes: Buffer;
}

const previewNotFound = () => notFound('Import preview not found');
const NOT_CSV = 'This file is not a CSV statement: export it from your bank as CSV (UTF-8 or Windows-1252)';
/** The longest store name a receipt keeps (the receipt forms' limit). */
const MAX_STORE = 200;

/** The file as a table, or a 400 saying why it is none. */
function readTable(bytes: Buffer): StatementTable {
  if (!bytes.some((b) => b > 0x20)) throw badRequest('The file is empty');
  // A NUL byte never occurs in a text export: this is a spreadsheet, a PDF, a picture, or UTF-16.
  if (bytes.includes(0)) throw badRequest(NOT_CSV);
  let table: StatementTable;
  try {
    table = readStatement(bytes);
  } catch (err) {
    throw badRequest(`The file could not be read as CSV: ${(err as Error).message}`);
  }
  if (table.header.length < 2) throw badRequest(NOT_CSV);
  if (table.rows.length === 0) throw badRequest('The file has no rows');
  return table;
}

/** The mapping in force for a statement: the one sent, else the one remembered for its bank, else Tally's guess. */
async function mappingFor(db: Db, userId: string, table: StatementTable, key: string, sent: GuessedMapping | undefined) {
  if (sent) return { mapping: sent, source: 'sent' as const };
  const remembered = await findMapping(db, userId, key);
  if (remembered) return { mapping: remembered, source: 'remembered' as const };
  return { mapping: toApiMapping(guessMapping(table)), source: 'guessed' as const };
}

/** The statement's rows with their status, and the records that could not be read or added, by line. */
async function classify(db: Db, userId: string, table: StatementTable, mapping: ColumnMapping) {
  const book = await loadRateBook(db, userId);
  const { rows, problems } = importRows(table, mapping, book);
  return { classified: await classifyRows(db, userId, rows), problems };
}

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

function previewRow({ row, status, match }: ClassifiedRow): ImportPreviewRow {
  return {
    line: row.line,
    date: row.date,
    description: row.description,
    amount: fromMinor(row.amount, row.currency),
    currency: row.currency,
    status,
    receipt: match && { id: match.id, store: match.store, date: match.date, amount: fromMinor(match.printed_minor, match.currency), currency: match.currency },
  };
}

/** What a commit does with each row. */
interface Decisions {
  adds: ImportRow[];
  links: { fingerprint: string; receiptId: string }[];
  skips: { fingerprint: string; receiptId: null }[];
  alreadyImported: number;
  problems: RowProblem[];
}

/**
 * The rows' preview statuses with the person's changes applied, or a 400 naming the first
 * change that cannot be: a line that is no row, a link without a receipt or to a receipt that
 * is not theirs. A row imported before stays skipped whatever the change (another commit may
 * have taken it since the preview).
 */
async function decide(db: Db, userId: string, classified: ClassifiedRow[], changes: readonly ImportRowChange[], problems: RowProblem[]): Promise<Decisions> {
  const rowAt = new Map(classified.map((c) => [c.row.line, c]));
  const problemAt = new Map(problems.map((p) => [p.line, p.message]));
  const changeAt = new Map<number, ImportRowChange>();
  for (const change of changes) {
    const { line } = change;
    if (changeAt.has(line)) throw badRequest(`Line ${line} is changed twice`);
    if (!rowAt.has(line))
      throw badRequest(problemAt.has(line) ? `Line ${line} cannot be imported: ${problemAt.get(line)}` : `Line ${line} is not a row of this statement`);
    if (change.action === 'link' && !change.receipt_id) throw badRequest(`Line ${line}: a link needs a receipt_id`);
    changeAt.set(line, change);
  }
  const linkedTo = [...changeAt.values()].flatMap((c) => (c.action === 'link' && c.receipt_id ? [c.receipt_id] : []));
  const own = new Set((await findOwnReceipts(db, userId, linkedTo)).map((r) => r.id));
  for (const c of changeAt.values()) {
    if (c.action === 'link' && !own.has(c.receipt_id!)) throw badRequest(`Line ${c.line}: receipt ${c.receipt_id} is not one of yours`);
  }

  const decisions: Decisions = { adds: [], links: [], skips: [], alreadyImported: 0, problems: [...problems] };
  for (const { row, status, match } of classified) {
    if (status === 'already_imported') {
      decisions.alreadyImported++;
      continue;
    }
    const change = changeAt.get(row.line);
    const action = change?.action ?? (match ? 'link' : 'add');
    if (action === 'skip') decisions.skips.push({ fingerprint: row.fingerprint, receiptId: null });
    else if (action === 'link') decisions.links.push({ fingerprint: row.fingerprint, receiptId: change?.receipt_id ?? match!.id });
    else if (row.amountCents === null) decisions.problems.push(noRate(row));
    else decisions.adds.push(row);
  }
  return decisions;
}

/** Bank and card statements imported from CSV: previewed, then committed as receipts or links to receipts. */
export class ImportService {
  constructor(
    private db: Db,
    /** Totals, recurring bills and budget thresholds, once per commit (app.ts hands it in). */
    private changedInBulk: BulkChangeHook,
  ) {}

  /**
   * Reads the statement and says what a commit would do with each row; writes only the file
   * (for the commit) and a mapping the person sent (remembered for the next file of that bank).
   */
  async preview(userId: string, file: UploadedStatement, mappingText: string | undefined): Promise<ImportPreview> {
    const table = readTable(file.bytes);
    const key = headerKey(table.header);
    const sent = mappingText === undefined ? undefined : sentMapping(mappingText, table.header.length);
    const { mapping, source } = await mappingFor(this.db, userId, table, key, sent);
    const complete = completeMapping(mapping);
    const { classified, problems } = complete ? await classify(this.db, userId, table, complete) : { classified: [], problems: [] };

    // A row that would be added but has no rate cannot be: shown with the problems, as the commit will report it.
    const shown = classified.filter((c) => c.status !== 'new' || c.row.amountCents !== null);
    const unrated = classified.filter((c) => c.status === 'new' && c.row.amountCents === null);
    const allProblems = [...problems, ...unrated.map((c) => noRate(c.row))].sort(byLine);
    const id = await writeAsUser(this.db, userId, async (trx) => {
      if (sent) await saveMapping(trx, userId, key, sent);
      return insertPreview(trx, userId, { fileName: file.name.slice(0, MAX_STORE), headerKey: key, bytes: file.bytes });
    });
    const count = (status: ClassifiedRow['status']) => shown.filter((c) => c.status === status).length;
    return {
      id,
      file_name: file.name,
      encoding: table.encoding,
      delimiter: table.delimiter,
      header: table.header,
      sample: table.rows.slice(0, STATEMENT_SAMPLE_ROWS).map((r) => r.cells),
      mapping,
      mapping_source: source,
      mapping_complete: complete !== null,
      rows: shown.map(previewRow),
      problems: allProblems,
      counts: { new: count('new'), already_imported: count('already_imported'), matches: count('matches'), problems: allProblems.length },
    };
  }

  /**
   * Adds the new rows as receipts and links the matched ones, in one transaction: the preview's
   * file is read again with its bank's mapping, so what is written is what the rows are now. A
   * row committed meanwhile by another request is skipped, so a file imported twice at once
   * still adds each row once.
   */
  async commit(userId: string, body: ImportCommitBody): Promise<ImportCommitResult> {
    const preview = await findPreview(this.db, userId, body.preview_id);
    if (!preview) throw previewNotFound();
    const table = readTable(Buffer.from(preview.bytes));
    const { mapping } = await mappingFor(this.db, userId, table, preview.header_key, undefined);
    const complete = completeMapping(mapping);
    if (!complete) throw badRequest("The statement's columns are not mapped yet: preview it again with a mapping");
    const { classified, problems } = await classify(this.db, userId, table, complete);
    const decisions = await decide(this.db, userId, classified, body.changes ?? [], problems);

    return writeAsUser(this.db, userId, async (trx) => {
      // Taken first: a second commit of the same preview waits here, then finds it gone.
      if (!(await deletePreview(trx, userId, preview.id))) throw previewNotFound();
      const categoryId = (await ensureFallbackCategory(trx, userId)).id;
      const adds = decisions.adds.map((row) => ({ row, id: crypto.randomUUID() }));
      // In one order of fingerprints: two commits sharing rows wait for each other, never in a circle.
      const records = [...adds.map((a) => ({ fingerprint: a.row.fingerprint, receiptId: a.id })), ...decisions.links, ...decisions.skips].sort((a, b) =>
        a.fingerprint < b.fingerprint ? -1 : 1,
      );
      const recorded = await recordRows(trx, userId, records);
      const receipts = adds
        .filter((a) => recorded.has(a.row.fingerprint))
        .map(({ row, id }) => ({
          id,
          store: row.description.slice(0, MAX_STORE),
          date: row.date,
          currency: row.currency,
          printed_minor: row.amount,
          rate: row.rate,
          amount_cents: row.amountCents!,
          category_id: categoryId,
        }));
      await insertImportedReceipts(trx, userId, receipts);
      const added = receipts.length;
      const linked = decisions.links.filter((l) => recorded.has(l.fingerprint)).length;
      if (added > 0) await this.changedInBulk(trx, userId, new Set(receipts.map((r) => storeKey(r.store))));
      const skipped = decisions.alreadyImported + decisions.skips.length + (decisions.adds.length - added) + (decisions.links.length - linked);
      return { added, linked, skipped, problems: decisions.problems.sort(byLine) };
    });
  }
}
