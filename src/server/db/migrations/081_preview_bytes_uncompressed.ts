import { sql, type Kysely } from 'kysely';

/**
 * A kept statement's bytes stored as they are, out of line but not compressed: compressing a
 * statement of a few MB on the way in, and uncompressing it for each read (the preview, the
 * commit, each try of its import), held the embedded database, and with it everyone's requests,
 * for hundreds of milliseconds. Previews are capped per person and kept a day, so the space is
 * bounded. Previews kept before stay as they are until they go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE import_previews ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE import_previews ALTER COLUMN bytes SET STORAGE EXTENDED`.execute(db);
}
