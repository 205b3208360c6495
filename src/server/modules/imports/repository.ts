import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import { isUuid, uuidArray } from '../../db/uuid';
import { dateText } from '../../db/dates';
import type { GuessedMapping } from '../../../shared/imports';

/** How long an uploaded statement waits for its commit, and a finished import's outcome is kept after it. */
export const PREVIEW_HOURS = 24;
/** Moved lately: uploaded (a preview's updated_at is its upload until its import starts), or its import moved or finished. */
const recent = sql<boolean>`updated_at > now() - make_interval(hours => ${PREVIEW_HOURS})`;
const waiting = sql<boolean>`(status = 'previewed' AND ${recent})`;
/** A preview that still counts: being imported, or waiting for its commit or imported lately (its outcome kept). */
const kept = sql<boolean>`(status = 'importing' OR ${recent})`;

export type PreviewStatus = 'previewed' | 'importing' | 'done' | 'failed';

export interface PreviewRow {
  id: string;
  file_name: string;
  header_key: string;
  status: PreviewStatus;
  row_count: number;
  done_line: number;
  plan: unknown;
  result: unknown;
  message: string | null;
}

/**
 * A statement's bytes as the database takes them: hex text, decoded by the database. PGlite
 * would turn a Buffer into hex itself a byte at a time in JavaScript (a second per few MB, the
 * event loop held, and a string per byte); Buffer's own hex is native, and both databases decode
 * it in C. previewBytes reads them back the same way.
 */
const bytesIn = (bytes: Buffer) => sql<Buffer>`decode(${bytes.toString('hex')}, 'hex')`;

/** Bytes per row of import_preview_chunks: a statement each, a few milliseconds of the embedded database. */
export const PREVIEW_CHUNK_BYTES = 256 * 1024;

/**
 * Keeps an uploaded statement for its commit. The person's previews past their time go, and so do
 * their oldest past MAX_KEPT_PREVIEWS or MAX_KEPT_PREVIEW_BYTES (never one being imported): one
 * account cannot fill the database with uploads. One person's uploads are kept one at a time.
 */
export async function insertPreview(
  trx: Executor,
  userId: string,
  preview: { fileName: string; headerKey: string; bytes: Buffer; rowCount: number },
  limits: { count: number; bytes: number },
): Promise<string> {
  await lockImports(trx, userId);
  const row = await trx
    .insertInto('import_previews')
    .values({ user_id: userId, file_name: preview.fileName, header_key: preview.headerKey, byte_count: preview.bytes.length, row_count: preview.rowCount })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let n = 0; n * PREVIEW_CHUNK_BYTES < preview.bytes.length; n++) {
    const bytes = preview.bytes.subarray(n * PREVIEW_CHUNK_BYTES, (n + 1) * PREVIEW_CHUNK_BYTES);
    await sql`INSERT INTO import_preview_chunks (preview_id, n, bytes) VALUES (${row.id}, ${n}, ${bytesIn(bytes)})`.execute(trx);
  }
  await sql`
    DELETE FROM import_previews
     WHERE user_id = ${userId}
       AND id IN (SELECT id
                    FROM (SELECT id, ${kept} AS kept,
                                 row_number() OVER newest AS n,
                                 sum(byte_count) OVER newest AS bytes
                            FROM import_previews
                           WHERE user_id = ${userId} AND status <> 'importing'
                          WINDOW newest AS (ORDER BY id = ${row.id} DESC, created_at DESC, id ROWS UNBOUNDED PRECEDING)) p
                   WHERE NOT p.kept OR p.n > ${limits.count} OR p.bytes > ${limits.bytes})`.execute(trx);
  return row.id;
}

const PREVIEW_COLUMNS = ['id', 'file_name', 'header_key', 'status', 'row_count', 'done_line', 'plan', 'result', 'message'] as const;

/** The person's preview while it counts (see `kept`); undefined for another person's, an old one or an id that is none. */
export async function findPreview(db: Executor, userId: string, id: string): Promise<PreviewRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('import_previews').select(PREVIEW_COLUMNS).where('user_id', '=', userId).where('id', '=', id).where(kept).executeTakeFirst();
}

/** The statement's bytes, while it waits for its import or is being imported: read a chunk per statement. */
export async function previewBytes(db: Executor, id: string): Promise<Uint8Array | undefined> {
  const preview = await db
    .selectFrom('import_previews')
    .select('byte_count')
    .where('id', '=', id)
    .where('status', 'in', ['previewed', 'importing'])
    .executeTakeFirst();
  if (!preview) return undefined;
  const bytes = Buffer.alloc(preview.byte_count);
  for (let n = 0; n * PREVIEW_CHUNK_BYTES < bytes.length; n++) {
    const chunk = await db
      .selectFrom('import_preview_chunks')
      .select(sql<string>`encode(bytes, 'hex')`.as('hex'))
      .where('preview_id', '=', id)
      .where('n', '=', n)
      .executeTakeFirst();
    // Gone meanwhile (its import finished, or the person's newer uploads pushed it out).
    if (!chunk) return undefined;
    bytes.write(chunk.hex, n * PREVIEW_CHUNK_BYTES, 'hex');
  }
  return bytes;
}

/** The preview's import as a job found it (any person's: the job names it); undefined once gone. */
export function findImport(db: Executor, id: string): Promise<(PreviewRow & { user_id: string }) | undefined> {
  return db
    .selectFrom('import_previews')
    .select([...PREVIEW_COLUMNS, 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks a waiting preview as being imported with this plan and a first result; false when it was not waiting (taken by another commit). */
export async function startImport(trx: Executor, userId: string, id: string, plan: object, result: object): Promise<boolean> {
  const res = await trx
    .updateTable('import_previews')
    .set({ status: 'importing', plan: JSON.stringify(plan), result: JSON.stringify(result), updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where(waiting)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** How far an import got (the rows up to `doneLine` are written) and what it did so far: in the transaction that wrote them. */
export async function recordProgress(trx: Executor, id: string, doneLine: number, result: object): Promise<void> {
  await trx
    .updateTable('import_previews')
    .set({ done_line: doneLine, result: JSON.stringify(result), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The import's outcome: done (the file is let go, the outcome kept) or failed, with why. */
export async function finishImport(trx: Executor, id: string, outcome: { status: 'done' | 'failed'; result: object; message?: string }): Promise<void> {
  const finished = await trx
    .updateTable('import_previews')
    .set({
      status: outcome.status,
      result: JSON.stringify(outcome.result),
      message: outcome.message ?? null,
      updated_at: sql`now()`,
      ...(outcome.status === 'done' ? { byte_count: 0 } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'importing')
    .executeTakeFirst();
  if (outcome.status === 'done' && Number(finished.numUpdatedRows) > 0) await trx.deleteFrom('import_preview_chunks').where('preview_id', '=', id).execute();
}

/** Rows deleted by one statement of the cleanup: a short statement, however many are due. */
const CLEANUP_BATCH = 200;

/** Deletes everyone's previews that no longer count (see `kept`); answers how many. */
export async function deleteOldPreviews(db: Executor): Promise<number> {
  let deleted = 0;
  for (;;) {
    const res = await sql`
      DELETE FROM import_previews
       WHERE id IN (SELECT id FROM import_previews WHERE NOT ${kept} LIMIT ${CLEANUP_BATCH})`.execute(db);
    const n = Number(res.numAffectedRows ?? 0);
    deleted += n;
    if (n < CLEANUP_BATCH) return deleted;
  }
}

export async function findMapping(db: Executor, userId: string, headerKey: string): Promise<GuessedMapping | undefined> {
  const row = await db.selectFrom('import_mappings').select('mapping').where('user_id', '=', userId).where('header_key', '=', headerKey).executeTakeFirst();
  return row?.mapping as GuessedMapping | undefined;
}

export async function saveMapping(trx: Executor, userId: string, headerKey: string, mapping: GuessedMapping): Promise<void> {
  const json = JSON.stringify(mapping);
  await trx
    .insertInto('import_mappings')
    .values({ user_id: userId, header_key: headerKey, mapping: json })
    .onConflict((oc) => oc.columns(['user_id', 'header_key']).doUpdateSet({ mapping: json, updated_at: new Date() }))
    .execute();
}

/**
 * A text[] of fingerprints as one array literal (pg and PGlite send JavaScript arrays
 * differently); fingerprints are hex, so nothing in them needs quoting.
 */
function fingerprintArray(fingerprints: readonly string[]) {
  if (!fingerprints.every((f) => /^[0-9a-f]+$/.test(f))) throw new Error('fingerprintArray: not a fingerprint');
  return sql<string[]>`${`{${fingerprints.join(',')}}`}::text[]`;
}

/** Which of these rows the person has imported (or linked, or skipped) before. */
export async function importedFingerprints(db: Executor, userId: string, fingerprints: readonly string[]): Promise<Set<string>> {
  if (fingerprints.length === 0) return new Set();
  const rows = await db
    .selectFrom('import_rows')
    .select('fingerprint')
    .where('user_id', '=', userId)
    .where(sql<boolean>`fingerprint = ANY(${fingerprintArray(fingerprints)})`)
    .execute();
  return new Set(rows.map((r) => r.fingerprint));
}

export interface ReceiptToMatch {
  id: string;
  store: string;
  date: string;
  currency: string;
  printed_minor: number;
}

/**
 * The person's receipts from `from` to `to` a statement row may be: not made from a statement
 * and not linked to a row already (a receipt is one row of one statement).
 */
export function receiptsToMatch(db: Executor, userId: string, from: string, to: string): Promise<ReceiptToMatch[]> {
  return db
    .selectFrom('receipts as r')
    .select(['r.id', 'r.store', dateText('r.date').as('date'), 'r.currency', 'r.printed_minor'])
    .where('r.user_id', '=', userId)
    .where('r.date', '>=', from)
    .where('r.date', '<=', to)
    .where('r.imported', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('import_rows as i')
            .select(sql`1`.as('one'))
            .where('i.user_id', '=', userId)
            .whereRef('i.receipt_id', '=', 'r.id'),
        ),
      ),
    )
    .execute();
}

/** The receipts named (with their store, date and amount as printed) that are the person's. */
export async function findOwnReceipts(db: Executor, userId: string, ids: readonly string[]): Promise<ReceiptToMatch[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return [];
  return db
    .selectFrom('receipts')
    .select(['id', 'store', dateText('date').as('date'), 'currency', 'printed_minor'])
    .where('user_id', '=', userId)
    .where(sql<boolean>`id = ANY(${uuidArray(valid)})`)
    .execute();
}

/** Rows per INSERT (three parameters each): far below PostgreSQL's 65,535 per statement. */
const RECORD_CHUNK = 5000;

/**
 * Records statement rows as imported, each with the receipt it became or was linked to (null:
 * skipped); answers the fingerprints recorded now. A row recorded meanwhile (the same file
 * committed twice at once) is left as it was and not answered: its receipt must not be added.
 */
export async function recordRows(trx: Executor, userId: string, rows: readonly { fingerprint: string; receiptId: string | null }[]): Promise<Set<string>> {
  const recorded = new Set<string>();
  for (let i = 0; i < rows.length; i += RECORD_CHUNK) {
    const inserted = await trx
      .insertInto('import_rows')
      .values(rows.slice(i, i + RECORD_CHUNK).map((r) => ({ user_id: userId, fingerprint: r.fingerprint, receipt_id: r.receiptId })))
      .onConflict((oc) => oc.columns(['user_id', 'fingerprint']).doNothing())
      .returning('fingerprint')
      .execute();
    for (const r of inserted) recorded.add(r.fingerprint);
  }
  return recorded;
}

/** Holds the person's statement commits to one at a time, until the transaction ends (rows shared by two files are then added once, in any order). */
export async function lockImports(trx: Executor, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`tally-import:${userId}`}))`.execute(trx);
}
