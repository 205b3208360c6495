import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import { isUuid, uuidArray } from '../../db/uuid';
import { dateText } from '../../db/dates';
import type { GuessedMapping } from '../../../shared/imports';

/** How long an uploaded statement waits for its commit. */
export const PREVIEW_HOURS = 24;
const fresh = sql<boolean>`created_at > now() - make_interval(hours => ${PREVIEW_HOURS})`;

export interface PreviewRow {
  id: string;
  file_name: string;
  header_key: string;
  bytes: Uint8Array;
}

/** Keeps an uploaded statement for its commit, and drops the person's previews past their time. */
export async function insertPreview(trx: Executor, userId: string, preview: { fileName: string; headerKey: string; bytes: Buffer }): Promise<string> {
  await trx
    .deleteFrom('import_previews')
    .where('user_id', '=', userId)
    .where(sql<boolean>`NOT ${fresh}`)
    .execute();
  const row = await trx
    .insertInto('import_previews')
    .values({ user_id: userId, file_name: preview.fileName, header_key: preview.headerKey, bytes: preview.bytes })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The person's preview while it is fresh; undefined for another person's, an old one or an id that is none. */
export async function findPreview(db: Executor, userId: string, id: string): Promise<PreviewRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom('import_previews')
    .select(['id', 'file_name', 'header_key', 'bytes'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where(fresh)
    .executeTakeFirst();
}

/** Deletes the preview; false when it was gone already (committed by another request). */
export async function deletePreview(trx: Executor, userId: string, id: string): Promise<boolean> {
  const res = await trx.deleteFrom('import_previews').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
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
