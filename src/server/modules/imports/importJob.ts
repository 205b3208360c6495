import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db';
import { writeAsUser } from '../../db/accountGate';
import type { Executor } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Clock } from '../../clock';
import type { Job, JobQueue, RetryPolicy } from '../../queue/jobQueue';
import { storeKey } from '../../storeKey';
import { MAX_STORE_NAME } from '../../../shared/constants/receipts';
import { MAX_LISTED_PROBLEMS, defaultRowAction, type ImportRowChange, type RowProblem } from '../../../shared/imports';
import { ensureFallbackCategory } from '../categories/service';
import { loadRateBook } from '../currency/service';
import { insertImportedReceipts } from '../receipts/service';
import type { BulkChangeHook } from '../receipts/events';
import { pickerFor, type PickCategory } from './categories';
import { classifyRows, type ClassifiedRow } from './classify';
import { findImport, finishImport, lockImports, previewBytes, recordProgress, recordRows } from './repository';
import { noRate, rowChunks, type ImportRow } from './rows';
import type { ColumnMapping } from './statement';

/**
 * A statement's import, written in the background by the job queue a chunk of rows at a time,
 * each chunk in a transaction of its own that also records how far the import got: one import
 * never holds the database (on PGlite, the one connection everyone shares) for more than a
 * chunk, and a try cut short (the process killed) goes on from the last chunk written.
 */

export const IMPORT_QUEUE = 'import-statement';
const IMPORT_GAVE_UP_QUEUE = 'import-statement-gave-up';

export interface ImportJob {
  previewId: string;
}

/** What the commit was asked to do, kept with the preview for the job (and each try of it). */
export interface ImportPlan {
  mapping: ColumnMapping;
  changes: ImportRowChange[];
}

/** What an import did so far, as it is kept: the problems listed up to MAX_LISTED_PROBLEMS, all counted. */
export interface ImportTally {
  added: number;
  linked: number;
  skipped: number;
  problems: RowProblem[];
  problem_count: number;
}

export const emptyTally = (): ImportTally => ({ added: 0, linked: 0, skipped: 0, problems: [], problem_count: 0 });

/** Rows dealt with so far: each row is added, linked, skipped or a problem. */
export const rowsDone = (t: ImportTally) => t.added + t.linked + t.skipped + t.problem_count;

/** Rows written per transaction: on PGlite (in the process, holding its event loop while it runs) a few tens of milliseconds at a time, even on a busy machine. */
const WRITE_CHUNK = 100;
/** Stores whose recurring bills are found again per transaction once the rows are in (then totals and alerts, once). */
const STORES_PER_TRANSACTION = 25;

/** In this process, an import that finished (or failed) says so, for the request waiting on it. */
const settledImports = new EventEmitter().setMaxListeners(0);

/** Calls `listener` when the import of `previewId` finishes in this process; answers how to stop listening. */
export function onImportSettled(previewId: string, listener: () => void): () => void {
  settledImports.once(previewId, listener);
  return () => settledImports.off(previewId, listener);
}

export interface ImportJobDeps {
  db: Db;
  /** The recurring bills of the stores added to (app.ts hands it in). */
  storesChanged: BulkChangeHook;
  /** Totals, recurring bills of the stores named and budget thresholds once the rows are in (app.ts hands it in). */
  changedInBulk: BulkChangeHook;
  clock: Clock;
}

/** What the rows of one chunk become. */
interface Decisions {
  adds: ImportRow[];
  records: { fingerprint: string; receiptId: string | null }[];
  skipped: number;
  problems: RowProblem[];
}

/**
 * The rows' statuses with the person's changes applied, else their default (defaultRowAction).
 * A row imported before stays skipped whatever the change (another commit may have taken it
 * since the preview); a row to add without a rate, or a new one left as it was without a rate,
 * is a problem.
 */
function decide(classified: readonly ClassifiedRow[], changeAt: ReadonlyMap<number, ImportRowChange>): Decisions {
  const out: Decisions = { adds: [], records: [], skipped: 0, problems: [] };
  for (const { row, status, match } of classified) {
    if (status === 'already_imported') {
      out.skipped++;
      continue;
    }
    const change = changeAt.get(row.line);
    // Listed with the problems by the preview, whatever its default would be.
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

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

/** The tally with a chunk's problems counted, the first listed. */
function withProblems(tally: ImportTally, problems: RowProblem[]): ImportTally {
  const listed = tally.problems.length < MAX_LISTED_PROBLEMS ? [...tally.problems, ...problems.sort(byLine)].slice(0, MAX_LISTED_PROBLEMS) : tally.problems;
  return { ...tally, problems: listed, problem_count: tally.problem_count + problems.length };
}

/**
 * Writes one chunk: records the rows' fingerprints (a row recorded meanwhile by another import of
 * the same rows is skipped: theirs stands), adds the new receipts, and answers the tally after it
 * and the stores of the receipts added.
 */
async function writeChunk(
  trx: Executor,
  userId: string,
  chunk: { classified: ClassifiedRow[]; problems: RowProblem[] },
  changeAt: ReadonlyMap<number, ImportRowChange>,
  pickCategory: PickCategory,
  tally: ImportTally,
): Promise<{ tally: ImportTally; stores: string[] }> {
  const decisions = decide(chunk.classified, changeAt);
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
  const links = decisions.records.filter((r) => r.receiptId !== null);
  const linked = links.filter((r) => recorded.has(r.fingerprint)).length;
  const next = {
    ...tally,
    added: tally.added + receipts.length,
    linked: tally.linked + linked,
    skipped: tally.skipped + decisions.skipped + (links.length - linked) + (adds.length - receipts.length),
  };
  return { tally: withProblems(next, [...chunk.problems, ...decisions.problems]), stores: receipts.map((r) => storeKey(r.store)) };
}

/**
 * Writes the import of `previewId` from where it stands: the chunks an earlier try wrote are read
 * (for the fingerprints, which count identical rows over the whole file) but not written again.
 * Then totals, the recurring bills of the stores added to and the budget alerts, and the outcome.
 */
export async function writeImport(deps: ImportJobDeps, previewId: string): Promise<void> {
  const { db } = deps;
  const started = await findImport(db, previewId);
  // Done, failed, or gone with its account.
  if (!started || started.status !== 'importing') return;
  const bytes = await previewBytes(db, previewId);
  if (!bytes) return;
  const userId = started.user_id;
  const plan = started.plan as ImportPlan;
  const now = deps.clock();
  const changeAt = new Map(plan.changes.map((c) => [c.line, c]));
  const book = await loadRateBook(db, userId);
  try {
    const fallback = await writeAsUser(db, userId, (trx) => ensureFallbackCategory(trx, userId));
    const pickCategory = plan.mapping.category === undefined ? () => fallback : await pickerFor(db, userId, fallback);
    let tally = started.result as ImportTally;
    const taken = new Set<string>();
    const stores = new Set<string>();
    for await (const chunk of rowChunks(bytes, plan.mapping, book, now, WRITE_CHUNK)) {
      if (chunk.lastLine <= started.done_line) {
        // Written by an earlier try: its stores may have had receipts added.
        for (const row of chunk.rows) stores.add(storeKey(row.description.slice(0, MAX_STORE_NAME)));
        continue;
      }
      const written = await writeAsUser(db, userId, async (trx) => {
        await lockImports(trx, userId);
        // Another try of the same job (one taken for dead while it was slow) may have written it.
        const current = await findImport(trx, previewId);
        if (!current || current.status !== 'importing') return null;
        if (current.done_line >= chunk.lastLine) return { tally: current.result as ImportTally, stores: [] };
        const classified = await classifyRows(trx, userId, chunk.rows, taken, now);
        const out = await writeChunk(trx, userId, { classified, problems: chunk.problems }, changeAt, pickCategory, tally);
        await recordProgress(trx, previewId, chunk.lastLine, out.tally);
        return out;
      });
      if (!written) return;
      tally = written.tally;
      for (const key of written.stores) stores.add(key);
      await nextTurn();
    }
    const keys = [...stores];
    for (let i = 0; i < keys.length; i += STORES_PER_TRANSACTION) {
      await writeAsUser(db, userId, (trx) => deps.storesChanged(trx, userId, new Set(keys.slice(i, i + STORES_PER_TRANSACTION)), now));
      await nextTurn();
    }
    await writeAsUser(db, userId, async (trx) => {
      // As with each chunk: another try may be finishing this import too, and two rebuilds of
      // the totals side by side collide (PostgreSQL); the one that finds it done leaves it.
      await lockImports(trx, userId);
      const current = await findImport(trx, previewId);
      if (!current || current.status !== 'importing') return;
      if (tally.added > 0 || keys.length > 0) await deps.changedInBulk(trx, userId, new Set(), now);
      await finishImport(trx, previewId, { status: 'done', result: tally });
    });
    settledImports.emit(previewId);
  } catch (err) {
    // A closed account's previews go with it: nothing to finish.
    if (err instanceof HttpError && err.statusCode === 401) return;
    throw err;
  }
}

/** Why an import stopped for good, with what was saved. */
export const importStopped = (done: number, rows: number) =>
  `The import stopped after ${done.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows, which are saved. Import the file again to add the rest.`;

/** A job whose last try failed (or never finished) ends its import as failed, totals brought up to the rows it wrote. */
export async function gaveUp(deps: ImportJobDeps, previewId: string): Promise<void> {
  const imp = await findImport(deps.db, previewId);
  if (!imp || imp.status !== 'importing') return;
  const tally = imp.result as ImportTally;
  await writeAsUser(deps.db, imp.user_id, async (trx) => {
    if (tally.added > 0) await deps.changedInBulk(trx, imp.user_id, new Set(), deps.clock());
    await finishImport(trx, previewId, { status: 'failed', result: tally, message: importStopped(rowsDone(tally), imp.row_count) });
  });
  settledImports.emit(previewId);
}

/** The import's tries; a try outliving timeoutSeconds is tried again from where it got. */
export type ImportJobOptions = RetryPolicy;

export const DEFAULT_IMPORT_JOBS: ImportJobOptions = { timeoutSeconds: 300, retryLimit: 3, retryDelaySeconds: 5 };

/** Creates the import queues (or brings their policy up to date) and starts one writer of each in this process. */
export async function setUpImportJobs(queue: JobQueue, deps: ImportJobDeps, options: ImportJobOptions = DEFAULT_IMPORT_JOBS): Promise<void> {
  await queue.defineWithGaveUp(IMPORT_QUEUE, IMPORT_GAVE_UP_QUEUE, options);
  await queue.work<ImportJob>(IMPORT_QUEUE, 1, (job: Job<ImportJob>) => writeImport(deps, job.data.previewId));
  await queue.work<ImportJob>(IMPORT_GAVE_UP_QUEUE, 1, (job: Job<ImportJob>) => gaveUp(deps, job.data.previewId));
}
