import { sql, type Kysely } from 'kysely';

/**
 * receipt_drafts.preview_key: the blob-store key of a PDF draft's first page drawn as a JPEG,
 * kept beside the photo like any image instead of as base64 inside `result` (a row read by every
 * list of drafts). Null for photos, and for drafts read before this column, whose preview stays
 * in `result` and is still answered from there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE receipt_drafts ADD COLUMN preview_key text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE receipt_drafts DROP COLUMN preview_key`.execute(db);
}
