import { sql, type Kysely } from 'kysely';

/**
 * A kept statement's bytes in chunks of their own (import_preview_chunks), written and read a
 * chunk per statement: on the embedded database one statement of a 19 MB file held the event
 * loop, and with it every request, for a second or more. byte_count keeps the file's size for
 * the per-person cap. Previews kept before move over as one chunk each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_preview_chunks')
    .addColumn('preview_id', 'uuid', (c) => c.notNull().references('import_previews.id').onDelete('cascade'))
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_preview_chunks_pk', ['preview_id', 'n'])
    .execute();
  // As migration 081 for the column it replaces: out of line, never compressed.
  await sql`ALTER TABLE import_preview_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
  await sql`ALTER TABLE import_previews ADD COLUMN byte_count bigint NOT NULL DEFAULT 0`.execute(db);
  await sql`UPDATE import_previews SET byte_count = octet_length(bytes)`.execute(db);
  await sql`INSERT INTO import_preview_chunks (preview_id, n, bytes) SELECT id, 0, bytes FROM import_previews WHERE octet_length(bytes) > 0`.execute(db);
  await sql`ALTER TABLE import_previews DROP COLUMN bytes`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE import_previews ADD COLUMN bytes bytea NOT NULL DEFAULT ''::bytea`.execute(db);
  await sql`
    UPDATE import_previews p SET bytes = coalesce((SELECT string_agg(c.bytes, ''::bytea ORDER BY c.n) FROM import_preview_chunks c WHERE c.preview_id = p.id), ''::bytea)`.execute(
    db,
  );
  await sql`ALTER TABLE import_previews ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
  await sql`ALTER TABLE import_previews DROP COLUMN byte_count`.execute(db);
  await db.schema.dropTable('import_preview_chunks').execute();
}
