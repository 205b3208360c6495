import crypto from 'node:crypto';
import type { Db } from '../../db';
import { writeAsUser } from '../../db/accountGate';
import { badRequest, notFound } from '../../errors';
import type { Executor } from '../../db/schema';
import { storeKey } from '../../storeKey';
import { fromMinor } from '../../../shared/currency';
import { MAX_STORE_NAME } from '../../../shared/constants/receipts';
import { FALLBACK_CATEGORY } from '../../../shared/categories';
import {
  STATEMENT_SAMPLE_ROWS,
  defaultRowAction,
  type GuessedMapping,
  type ImportCommitBody,
  type ImportCommitResult,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportRowChange,
  type RowProblem,
} from '../../../shared/imports';
import { ensureFallbackCategory, listCategories } from '../categories/service';
import { findHomeCurrency, loadRateBook } from '../currency/service';
import { insertImportedReceipts } from '../receipts/service';
import type { BulkChangeHook } from '../receipts/events';
import { categoryPicker, type CategoryChoice } from './categories';
import { classifyRows, type ClassifiedRow } from './classify';
import { guessMapping } from './guess';
import { Readable } from 'node:stream';
import { completeMapping, headerKey, sentMapping, toApiMapping } from './mapping';
import { deletePreview, findMapping, findOwnReceipts, findPreview, insertPreview, lockImports, recordRows, saveMapping } from './repository';
import { importRows, noRate, type ImportRow } from './rows';
import { headOf, openStatement, RowFingerprints, statementChunks, type ColumnMapping, type OpenStatement, type StatementTable } from './statement';
import type { Clock } from '../../clock';

export interface UploadedStatement {
  name: string;
  bytes: Buffer;
}

const previewNotFound = () => notFound('Import preview not found');
const NOT_CSV = 'This file is not a CSV statement: export it from your bank as CSV (UTF-8 or Windows-1252)';
/** The longest file name a preview keeps: a name is shown, never parsed. */
const MAX_FILE_NAME = 255;

/** Records read, classified and written together: what the import holds at once, however long the file. */
const CHUNK_ROWS = 1000;
/** Records read to show a sample and guess the mapping. */
const HEAD_RECORDS = 200;

/** A statement opened, with its first records. */
interface Statement {
  open: OpenStatement;
  head: StatementTable;
}

const unreadable = (err: unknown) => badRequest(`The file could not be read as CSV: ${(err as Error).message}`);

/**
 * The file opened and read through once (records parsed and let go), or a 400 saying why it is
 * no statement: empty, not text, not CSV, one column, no rows.
 */
async function checkedStatement(bytes: Buffer): Promise<Statement> {
  if (!bytes.some((b) => b > 0x20)) throw badRequest('The file is empty');
  // A NUL byte never occurs in a text export: this is a spreadsheet, a PDF, a picture, or UTF-16.
  if (bytes.includes(0)) throw badRequest(NOT_CSV);
  let statement: Statement;
  try {
    const open = openStatement(bytes);
    statement = { open, head: headOf(open, HEAD_RECORDS) };
    for await (const _records of statementChunks(open, CHUNK_ROWS));
  } catch (err) {
    throw unreadable(err);
  }
  if (statement.head.header.length < 2) throw badRequest(NOT_CSV);
  if (statement.head.rows.length === 0) throw badRequest('The file has no rows');
  return statement;
}

/** The mapping in force for a statement: the one sent, else the one remembered for its bank, else Tally's guess. */
async function mappingFor(db: Executor, userId: string, head: StatementTable, key: string, sent: GuessedMapping | undefined) {
  if (sent) return { mapping: sent, source: 'sent' as const };
  const remembered = await findMapping(db, userId, key);
  if (remembered) return { mapping: remembered, source: 'remembered' as const };
  return { mapping: toApiMapping(guessMapping(head, await findHomeCurrency(db, userId))), source: 'guessed' as const };
}

/** The person's category a row's bank category puts it in (see categoryPicker). */
type PickCategory = (bankCategory: string | undefined) => CategoryChoice;

/** With a category column: the picker over the person's categories, their fallback last (a commit makes it when missing, a preview only names it). */
async function pickerFor(db: Executor, userId: string, fallback?: CategoryChoice): Promise<PickCategory> {
  const categories = await listCategories(db, userId);
  const last = fallback ?? categories.find((c) => c.is_fallback) ?? { id: '', name: FALLBACK_CATEGORY };
  return categoryPicker(categories, last);
}

/**
 * The statement's rows, a chunk at a time, each with its status (fingerprints counted over the
 * whole file; a receipt matched once is not matched again), and the records that are no rows.
 */
async function* classifiedChunks(db: Executor, userId: string, open: OpenStatement, mapping: ColumnMapping) {
  const book = await loadRateBook(db, userId);
  const fingerprints = new RowFingerprints(book.home);
  const taken = new Set<string>();
  // The file was read through cleanly by checkedStatement when it was previewed: no CSV error here.
  for await (const records of statementChunks(open, CHUNK_ROWS)) {
    const { rows, problems } = importRows(records, mapping, book, fingerprints);
    yield { classified: await classifyRows(db, userId, rows, taken), problems };
  }
}

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

function previewRow({ row, status, match }: ClassifiedRow, pickCategory: PickCategory | null): ImportPreviewRow {
  const shown: ImportPreviewRow = {
    line: row.line,
    date: row.date,
    description: row.description,
    amount: fromMinor(row.amount, row.currency),
    currency: row.currency,
    status,
    receipt: match && { id: match.id, store: match.store, date: match.date, amount: fromMinor(match.printed_minor, match.currency), currency: match.currency },
  };
  return pickCategory ? { ...shown, category: pickCategory(row.category).name } : shown;
}

/**
 * The person's changes by line, or a 400 naming the first that cannot be: a line changed twice,
 * a link without a receipt or to a receipt that is not theirs.
 */
async function checkedChanges(db: Executor, userId: string, changes: readonly ImportRowChange[]): Promise<Map<number, ImportRowChange>> {
  const changeAt = new Map<number, ImportRowChange>();
  for (const change of changes) {
    if (changeAt.has(change.line)) throw badRequest(`Line ${change.line} is changed twice`);
    if (change.action === 'link' && !change.receipt_id) throw badRequest(`Line ${change.line}: a link needs a receipt_id`);
    changeAt.set(change.line, change);
  }
  const linkedTo = [...changeAt.values()].flatMap((c) => (c.action === 'link' && c.receipt_id ? [c.receipt_id] : []));
  const own = new Set((await findOwnReceipts(db, userId, linkedTo)).map((r) => r.id));
  for (const c of changeAt.values()) {
    if (c.action === 'link' && !own.has(c.receipt_id!)) throw badRequest(`Line ${c.line}: receipt ${c.receipt_id} is not one of yours`);
  }
  return changeAt;
}

/** What a commit does with one chunk's rows. */
interface Decisions {
  adds: ImportRow[];
  records: { fingerprint: string; receiptId: string | null }[];
  skipped: number;
  problems: RowProblem[];
}

/**
 * The rows' statuses with the person's changes applied, else their default (defaultRowAction;
 * the changed lines met are noted in `seen`). A row imported before stays skipped whatever the
 * change (another commit may have taken it since the preview); a row to add without a rate, or a
 * new one left as it was without a rate (the preview listed it as a problem), is a problem.
 */
function decide(classified: readonly ClassifiedRow[], changeAt: ReadonlyMap<number, ImportRowChange>, seen: Set<number>): Decisions {
  const out: Decisions = { adds: [], records: [], skipped: 0, problems: [] };
  for (const { row, status, match } of classified) {
    if (changeAt.has(row.line)) seen.add(row.line);
    if (status === 'already_imported') {
      out.skipped++;
      continue;
    }
    const change = changeAt.get(row.line);
    if (!change && status === 'new' && row.amountCents === null) {
      out.problems.push(noRate(row));
      continue;
    }
    const action = change?.action ?? defaultRowAction({ status, amount: row.amount });
    if (action === 'skip') {
      out.records.push({ fingerprint: row.fingerprint, receiptId: null });
      out.skipped++;
    } else if (action === 'link') {
      out.records.push({ fingerprint: row.fingerprint, receiptId: change?.receipt_id ?? match!.id });
    } else if (row.amountCents === null) out.problems.push(noRate(row));
    else out.adds.push(row);
  }
  return out;
}

/** Bank and card statements imported from CSV: previewed, then committed as receipts or links to receipts. */
export class ImportService {
  constructor(
    private db: Db,
    /** Totals, recurring bills and budget thresholds, once per commit (app.ts hands it in). */
    private changedInBulk: BulkChangeHook,
    private clock: Clock,
  ) {}

  /**
   * Reads the statement and says what a commit would do with each row; writes only the file
   * (for the commit) and a mapping the person sent (remembered for the next file of that bank).
   * The answer is JSON text in pieces, a chunk of rows at a time, so a long statement is never
   * held whole.
   */
  async preview(userId: string, file: UploadedStatement, mappingText: string | undefined): Promise<Readable> {
    const { open, head } = await checkedStatement(file.bytes);
    const key = headerKey(head.header);
    const sent = mappingText === undefined ? undefined : sentMapping(mappingText, head.header.length);
    const { mapping, source } = await mappingFor(this.db, userId, head, key, sent);
    const complete = completeMapping(mapping);
    const id = await writeAsUser(this.db, userId, async (trx) => {
      if (sent) await saveMapping(trx, userId, key, sent);
      return insertPreview(trx, userId, { fileName: file.name.slice(0, MAX_FILE_NAME), headerKey: key, bytes: file.bytes });
    });
    const facts: Omit<ImportPreview, 'rows' | 'problems' | 'counts'> = {
      id,
      file_name: file.name,
      encoding: open.encoding,
      delimiter: open.delimiter,
      header: head.header,
      sample: head.rows.slice(0, STATEMENT_SAMPLE_ROWS).map((r) => r.cells),
      mapping,
      mapping_source: source,
      mapping_complete: complete !== null,
    };
    return Readable.from(this.previewText(userId, open, complete, facts));
  }

  private async *previewText(userId: string, open: OpenStatement, mapping: ColumnMapping | null, facts: object): AsyncGenerator<string> {
    yield `${JSON.stringify(facts).slice(0, -1)},"rows":[`;
    const problems: RowProblem[] = [];
    const counts = { new: 0, already_imported: 0, matches: 0 };
    let first = true;
    if (mapping) {
      const pickCategory = mapping.category === undefined ? null : await pickerFor(this.db, userId);
      for await (const chunk of classifiedChunks(this.db, userId, open, mapping)) {
        problems.push(...chunk.problems);
        const shown: string[] = [];
        for (const c of chunk.classified) {
          // A row that would be added but has no rate cannot be: shown with the problems, as the commit will report it.
          if (c.status === 'new' && c.row.amountCents === null) problems.push(noRate(c.row));
          else {
            counts[c.status]++;
            shown.push(JSON.stringify(previewRow(c, pickCategory)));
          }
        }
        if (shown.length === 0) continue;
        yield `${first ? '' : ','}${shown.join(',')}`;
        first = false;
      }
    }
    problems.sort(byLine);
    yield `],"problems":${JSON.stringify(problems)},"counts":${JSON.stringify({ ...counts, problems: problems.length })}}`;
  }

  /**
   * Adds the new rows as receipts and links the matched ones, in one transaction and one chunk
   * of rows at a time: the preview's file is read again with its bank's mapping, so what is
   * written is what the rows are now. One commit of a person's runs at a time, and a row
   * committed meanwhile is skipped, so a file imported twice at once still adds each row once.
   */
  async commit(userId: string, body: ImportCommitBody): Promise<ImportCommitResult> {
    const preview = await findPreview(this.db, userId, body.preview_id);
    if (!preview) throw previewNotFound();
    const open = openStatement(Buffer.from(preview.bytes));
    const head = headOf(open, HEAD_RECORDS);
    const { mapping } = await mappingFor(this.db, userId, head, preview.header_key, undefined);
    const complete = completeMapping(mapping);
    if (!complete) throw badRequest("The statement's columns are not mapped yet: preview it again with a mapping");
    const changeAt = await checkedChanges(this.db, userId, body.changes ?? []);

    return writeAsUser(this.db, userId, async (trx) => {
      await lockImports(trx, userId);
      // Taken first: a second commit of the same preview finds it gone.
      if (!(await deletePreview(trx, userId, preview.id))) throw previewNotFound();
      const fallback = await ensureFallbackCategory(trx, userId);
      const pickCategory = complete.category === undefined ? () => fallback : await pickerFor(trx, userId, fallback);
      const result: ImportCommitResult = { added: 0, linked: 0, skipped: 0, problems: [] };
      const storeKeys = new Set<string>();
      const seen = new Set<number>();
      for await (const chunk of classifiedChunks(trx, userId, open, complete)) {
        for (const p of chunk.problems) {
          if (changeAt.has(p.line)) throw badRequest(`Line ${p.line} cannot be imported: ${p.message}`);
          result.problems.push(p);
        }
        const decisions = decide(chunk.classified, changeAt, seen);
        const adds = decisions.adds.map((row) => ({ row, id: crypto.randomUUID() }));
        const recorded = await recordRows(trx, userId, [...adds.map((a) => ({ fingerprint: a.row.fingerprint, receiptId: a.id })), ...decisions.records]);
        const receipts = adds
          .filter((a) => recorded.has(a.row.fingerprint))
          .map(({ row, id }) => ({
            id,
            store: row.description.slice(0, MAX_STORE_NAME),
            date: row.date,
            currency: row.currency,
            printed_minor: row.amount,
            rate: row.rate,
            amount_cents: row.amountCents!,
            category_id: pickCategory(row.category).id,
          }));
        await insertImportedReceipts(trx, userId, receipts);
        for (const r of receipts) storeKeys.add(storeKey(r.store));
        const links = decisions.records.filter((r) => r.receiptId !== null);
        result.added += receipts.length;
        result.linked += links.filter((r) => recorded.has(r.fingerprint)).length;
        // A row another commit recorded first is skipped: theirs stands.
        result.skipped += decisions.skipped + links.filter((r) => !recorded.has(r.fingerprint)).length + (adds.length - receipts.length);
        result.problems.push(...decisions.problems);
      }
      const unseen = [...changeAt.keys()].find((line) => !seen.has(line));
      if (unseen !== undefined) throw badRequest(`Line ${unseen} is not a row of this statement`);
      if (result.added > 0) await this.changedInBulk(trx, userId, storeKeys, this.clock());
      result.problems.sort(byLine);
      return result;
    });
  }
}
