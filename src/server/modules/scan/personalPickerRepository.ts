import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Executor } from '../../db/schema';
import type { ModelWeights, PickedField } from '../../ocr';
import type { FieldFit, LabelledScan, PersonalFit } from './personalPicker';

/** Bookkeeping time, as scan_reads keeps it. */
const NOW = sql<Date>`clock_timestamp()`;

/**
 * A refit queued this long ago and not done (its job failed for good, or its process died) no
 * longer holds the next one back.
 */
const QUEUED_GIVES_WAY = sql`interval '15 minutes'`;

export interface StoredPicker {
  weights: Partial<ModelWeights> | null;
  fields: Record<PickedField, FieldFit> | null;
  scans: number;
  model_version: string | null;
  labelled_since_fit: number;
}

/** A saved scan taught something: one more toward the next refit. */
export async function countLabelled(db: Executor, userId: string): Promise<void> {
  await db
    .insertInto('personal_picker')
    .values({ user_id: userId, labelled_since_fit: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ labelled_since_fit: sql`personal_picker.labelled_since_fit + 1` }))
    .execute();
}

/**
 * Marks a refit queued when one is due (`every` scans that taught something since the last, or
 * weights fitted around another version of the global ones) and none is queued already; answers
 * whether it did, so that a refit is queued once however many saves ask.
 */
export async function claimRefit(db: Executor, userId: string, every: number, version: string): Promise<boolean> {
  const row = await db
    .updateTable('personal_picker')
    .set({ queued_at: NOW })
    .where(dueRow(userId, every, version))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether claimRefit would claim one now (read only). */
export async function refitDue(db: Executor, userId: string, every: number, version: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('personal_picker')
      .select('user_id')
      .where(dueRow(userId, every, version))
      .executeTakeFirst()) !== undefined
  );
}

function dueRow(userId: string, every: number, version: string) {
  return (eb: ExpressionBuilder<Database, 'personal_picker'>) =>
    eb.and([
      eb('user_id', '=', userId),
      eb.or([eb('labelled_since_fit', '>=', every), eb.and([eb('weights', 'is not', null), eb('model_version', 'is distinct from', version)])]),
      eb.or([eb('queued_at', 'is', null), eb('queued_at', '<', sql<Date>`clock_timestamp() - ${QUEUED_GIVES_WAY}`)]),
    ]);
}

export function storedPicker(db: Executor, userId: string): Promise<StoredPicker | undefined> {
  return db
    .selectFrom('personal_picker')
    .select(['weights', 'fields', 'scans', 'model_version', 'labelled_since_fit'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The person's saved scans with labelled candidates, oldest first (at most the TRUST_SCANS the trust figure keeps). */
export async function labelledScans(db: Executor, userId: string): Promise<LabelledScan[]> {
  const rows = await db
    .selectFrom('scan_reads')
    .select(['candidates', 'gold'])
    .where('user_id', '=', userId)
    .where('saved_at', 'is not', null)
    .where('candidates', 'is not', null)
    .where('gold', 'is not', null)
    .orderBy('saved_at')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ candidates: r.candidates!, gold: r.gold! }));
}

/**
 * Keeps a refit's outcome: the fit, or (null) too few scans, which keeps weights the person had
 * (restored from a backup) and records how many there were. The saves counted before the refit
 * read its scans (`seen`) are taken off; saves since count toward the next.
 */
export async function saveRefit(db: Executor, userId: string, fit: PersonalFit | null, scans: number, seen: number, version: string): Promise<void> {
  const row = db.updateTable('personal_picker').where('user_id', '=', userId);
  const counted = { labelled_since_fit: sql<number>`greatest(0, labelled_since_fit - ${seen})`, queued_at: null };
  if (fit) {
    await row
      .set({
        ...counted,
        weights: JSON.stringify(fit.weights),
        fields: JSON.stringify(fit.fields),
        scans: fit.scans,
        model_version: version,
        fitted_at: NOW,
      })
      .execute();
  } else {
    await row.set({ ...counted, scans: sql<number>`CASE WHEN weights IS NULL THEN ${scans}::int ELSE scans END` }).execute();
  }
}

/** How many of the person's kept saved scans teach something: a field saved as one of its candidates. */
export async function teachingScans(db: Executor, userId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM scan_reads
    WHERE user_id = ${userId} AND saved_at IS NOT NULL AND gold IS NOT NULL
      AND jsonb_array_length(gold->'store') + jsonb_array_length(gold->'date') + jsonb_array_length(gold->'total') > 0`.execute(db);
  return rows[0].n;
}
