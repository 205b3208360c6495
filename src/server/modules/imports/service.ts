import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db';
import { writeAsUser } from '../../db/accountGate';
import { badRequest, notFound } from '../../errors';
import type { Executor } from '../../db/schema';
import type { Clock } from '../../clock';
import type { JobQueue } from '../../queue/jobQueue';
import { fromMinor } from '../../../shared/currency';
import {
  MAX_KEPT_PREVIEW_BYTES,
  MAX_KEPT_PREVIEWS,
  MAX_LISTED_PROBLEMS,
  PREVIEW_ROWS_PER_STATUS,
  STATEMENT_SAMPLE_ROWS,
  type GuessedMapping,
  type ImportCommitBody,
  type ImportCommitResult,
  type ImportCommitState,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportRowChange,
  type ImportRowStatus,
  type RowProblem,
} from '../../../shared/imports';
import { findHomeCurrency, loadRateBook } from '../currency/service';
import { pickerFor, type PickCategory } from './categories';
import { classifyRows, type ClassifiedRow } from './classify';
import { guessMapping } from './guess';
import { completeMapping, headerKey, sentMapping, toApiMapping } from './mapping';
import { findMapping, findOwnReceipts, findPreview, insertPreview, previewBytes, saveMapping, startImport, type PreviewRow } from './repository';
import { noRate, rowChunks } from './rows';
import { headOf, type ColumnMapping, type StatementTable } from './statement';
import { emptyTally, IMPORT_QUEUE, onImportSettled, rowsDone, type ImportJob, type ImportPlan, type ImportTally } from './importJob';
import { HEAD_RECORDS, type UploadedStatement } from './upload';

const previewNotFound = () => notFound('Import preview not found');
/** The longest file name a preview keeps: a name is shown, never parsed. */
const MAX_FILE_NAME = 255;
/**
 * Rows a preview classifies together: two queries per chunk, and a turn of the event loop
 * between. As the import's writes, a few milliseconds each, so others' requests wait for no more
 * on a busy machine (500 at a time held everyone 50–300 ms per chunk while a 49,000-row file was read).
 */
const PREVIEW_CHUNK = 100;
/** How often a request waiting for an import another process writes looks again. */
const OUTCOME_POLL_MS = 500;

/** The mapping in force for a statement: the one sent, else the one remembered for its bank, else Tally's guess. */
async function mappingFor(db: Executor, userId: string, head: StatementTable, key: string, sent: GuessedMapping | undefined) {
  if (sent) return { mapping: sent, source: 'sent' as const };
  const remembered = await findMapping(db, userId, key);
  if (remembered) return { mapping: remembered, source: 'remembered' as const };
  return { mapping: toApiMapping(guessMapping(head, await findHomeCurrency(db, userId))), source: 'guessed' as const };
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

/** A preview's rows as it answers them: the first of each status and the first problems, every row counted. */
class PreviewListing {
  private shown: Record<ImportRowStatus, ImportPreviewRow[]> = { new: [], already_imported: [], matches: [] };
  private counts = { new: 0, already_imported: 0, matches: 0, problems: 0 };
  private problems: RowProblem[] = [];

  constructor(private pickCategory: PickCategory | null) {}

  /** One chunk, in file order. */
  add(classified: readonly ClassifiedRow[], problems: RowProblem[]): void {
    const found = [...problems];
    for (const c of classified) {
      // A row that would be added but has no rate cannot be: shown with the problems, as the commit will report it.
      if (c.status === 'new' && c.row.amountCents === null) found.push(noRate(c.row));
      else {
        this.counts[c.status]++;
        if (this.shown[c.status].length < PREVIEW_ROWS_PER_STATUS) this.shown[c.status].push(previewRow(c, this.pickCategory));
      }
    }
    this.counts.problems += found.length;
    if (this.problems.length < MAX_LISTED_PROBLEMS) this.problems.push(...found.sort(byLine).slice(0, MAX_LISTED_PROBLEMS - this.problems.length));
  }

  answer(): Pick<ImportPreview, 'rows' | 'problems' | 'counts'> {
    const rows = [...this.shown.new, ...this.shown.already_imported, ...this.shown.matches].sort(byLine);
    return { rows, problems: this.problems, counts: this.counts };
  }
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

/** What the API says of an import's tally. */
function resultOf(tally: ImportTally): ImportCommitResult {
  const left = tally.problem_count - tally.problems.length;
  return { added: tally.added, linked: tally.linked, skipped: tally.skipped, problems: tally.problems, ...(left > 0 ? { problems_left_out: left } : {}) };
}

function stateOf(preview: PreviewRow): ImportCommitState {
  const tally = (preview.result as ImportTally | null) ?? emptyTally();
  const status = preview.status === 'done' ? 'done' : preview.status === 'failed' ? 'failed' : 'importing';
  return {
    preview_id: preview.id,
    status,
    rows: preview.row_count,
    rows_done: rowsDone(tally),
    result: resultOf(tally),
    ...(preview.message ? { message: preview.message } : {}),
  };
}

/** What a commit answers: the result once the rows are written (200), else where the import stands (202). */
export type CommitAnswer = { status: 200; body: ImportCommitResult } | { status: 202; body: ImportCommitState };

export interface ImportServiceOptions {
  /** How long a commit's request waits for its rows to be written before it answers with where the import stands. */
  commitWaitMs: number;
}

/** Bank and card statements imported from CSV: previewed, then committed as receipts or links to receipts. */
export class ImportService {
  constructor(
    private db: Db,
    private queue: () => Promise<JobQueue>,
    private clock: Clock,
    private options: ImportServiceOptions,
  ) {}

  /**
   * Says what a commit would do with each row of an uploaded statement (read whole already, see
   * receiveStatement); writes only the file (for the commit) and a mapping the person sent
   * (remembered for the next file of that bank). The rows are classified a chunk at a time,
   * with a turn of the event loop between, and the answer lists the first rows of each status.
   */
  async preview(userId: string, file: UploadedStatement, mappingText: string | undefined): Promise<ImportPreview> {
    const { scan } = file;
    const key = headerKey(scan.header);
    const sent = mappingText === undefined ? undefined : sentMapping(mappingText, scan.header.length);
    const { mapping, source } = await mappingFor(this.db, userId, scan, key, sent);
    const complete = completeMapping(mapping);
    const id = await writeAsUser(this.db, userId, async (trx) => {
      if (sent) await saveMapping(trx, userId, key, sent);
      const kept = { fileName: file.name.slice(0, MAX_FILE_NAME), headerKey: key, bytes: file.bytes, rowCount: scan.rowCount };
      return insertPreview(trx, userId, kept, { count: MAX_KEPT_PREVIEWS, bytes: MAX_KEPT_PREVIEW_BYTES });
    });
    const listing = complete ? await this.listing(userId, file.bytes, complete) : new PreviewListing(null).answer();
    return {
      id,
      file_name: file.name,
      encoding: scan.encoding,
      delimiter: scan.delimiter,
      header: scan.header,
      sample: scan.rows.slice(0, STATEMENT_SAMPLE_ROWS).map((r) => r.cells),
      mapping,
      mapping_source: source,
      mapping_complete: complete !== null,
      ...listing,
    };
  }

  /** Every row's status (fingerprints counted over the whole file; a receipt matched once is not matched again). */
  private async listing(userId: string, bytes: Uint8Array, mapping: ColumnMapping) {
    const now = this.clock();
    const listing = new PreviewListing(mapping.category === undefined ? null : await pickerFor(this.db, userId));
    const book = await loadRateBook(this.db, userId);
    const taken = new Set<string>();
    for await (const chunk of rowChunks(bytes, mapping, book, now, PREVIEW_CHUNK)) {
      listing.add(await classifyRows(this.db, userId, chunk.rows, taken, now), chunk.problems);
      await nextTurn();
    }
    return listing.answer();
  }

  /**
   * Commits a preview: its rows are written in the background (see importJob), each row once
   * however often and however many commits ask. The answer is the result when the rows are
   * written within commitWaitMs, else where the import stands, as GET /api/import/commit/:id
   * goes on saying. A commit of a preview already committed answers its outcome.
   */
  async commit(userId: string, body: ImportCommitBody): Promise<CommitAnswer> {
    const preview = await findPreview(this.db, userId, body.preview_id);
    if (!preview) throw previewNotFound();
    if (preview.status === 'previewed') {
      const plan = await this.plan(userId, preview, body.changes ?? []);
      const queue = await this.queue();
      await writeAsUser(this.db, userId, async (trx) => {
        // Taken by another commit meanwhile: that one's outcome is this one's.
        if (await startImport(trx, userId, preview.id, plan, emptyTally())) await queue.send<ImportJob>(trx, IMPORT_QUEUE, { previewId: preview.id });
      });
      queue.wake(IMPORT_QUEUE);
    }
    const state = await this.outcome(userId, preview.id, this.options.commitWaitMs);
    return state.status === 'done' ? { status: 200, body: state.result } : { status: 202, body: state };
  }

  /** Where the person's import of `previewId` stands; a 404 as for a commit. */
  async commitState(userId: string, previewId: string): Promise<ImportCommitState> {
    const preview = await findPreview(this.db, userId, previewId);
    if (!preview || preview.status === 'previewed') throw previewNotFound();
    return stateOf(preview);
  }

  /**
   * What the import is asked to do: the mapping in force now (the bank's remembered one, else the
   * guess), and the person's changes, each checked against the file: a 400 for a line that is
   * no row, or one that cannot be imported.
   */
  private async plan(userId: string, preview: PreviewRow, changes: readonly ImportRowChange[]): Promise<ImportPlan> {
    const bytes = await previewBytes(this.db, preview.id);
    if (!bytes) throw previewNotFound();
    const { mapping } = await mappingFor(this.db, userId, await headOf(bytes, HEAD_RECORDS), preview.header_key, undefined);
    const complete = completeMapping(mapping);
    if (!complete) throw badRequest("The statement's columns are not mapped yet: preview it again with a mapping");
    const changeAt = await checkedChanges(this.db, userId, changes);
    if (changeAt.size > 0) {
      const book = await loadRateBook(this.db, userId);
      const unseen = new Set(changeAt.keys());
      for await (const chunk of rowChunks(bytes, complete, book, this.clock(), PREVIEW_CHUNK)) {
        for (const p of chunk.problems) if (changeAt.has(p.line)) throw badRequest(`Line ${p.line} cannot be imported: ${p.message}`);
        for (const line of [...chunk.rows.map((r) => r.line), ...chunk.problems.map((p) => p.line)]) unseen.delete(line);
      }
      const [first] = [...unseen].sort((a, b) => a - b);
      if (first !== undefined) throw badRequest(`Line ${first} is not a row of this statement`);
    }
    return { mapping: complete, changes: [...changeAt.values()] };
  }

  /** Where the import stands once it is written or `waitMs` has passed, whichever is first. */
  private async outcome(userId: string, previewId: string, waitMs: number): Promise<ImportCommitState> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const preview = await findPreview(this.db, userId, previewId);
      if (!preview) throw previewNotFound();
      const left = deadline - Date.now();
      if (preview.status !== 'importing' || left <= 0) return stateOf(preview);
      // Told at once when this process writes it; looked at again now and then when another does.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(left, OUTCOME_POLL_MS));
        const stop = onImportSettled(previewId, done);
        function done() {
          clearTimeout(timer);
          stop();
          resolve();
        }
      });
    }
  }
}
