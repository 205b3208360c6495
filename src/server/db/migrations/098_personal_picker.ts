import { sql, type Kysely } from 'kysely';

/**
 * Scanning learns from a person's own corrections (issue 52). Each scan read keeps its store,
 * date and total candidates with their features (`scan_reads.candidates`, a few kilobytes), and
 * once saved, which of them were what the person saved (`scan_reads.gold`). A person's own
 * picker weights, fitted on those in the background, are kept in `personal_picker` with whether
 * each field uses them and the held-out figures that decided it; `labelled_since_fit` counts the
 * saves since the last fit, which queue the next one, and `queued_at` marks one queued.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE scan_reads ADD COLUMN candidates jsonb, ADD COLUMN gold jsonb`.execute(db);
  await db.schema
    .createTable('personal_picker')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('weights', 'jsonb')
    .addColumn('fields', 'jsonb')
    .addColumn('scans', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_version', 'text')
    .addColumn('fitted_at', 'timestamptz')
    .addColumn('labelled_since_fit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queued_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('personal_picker').execute();
  await sql`ALTER TABLE scan_reads DROP COLUMN candidates, DROP COLUMN gold`.execute(db);
}
