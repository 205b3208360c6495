import { sql, type Kysely } from 'kysely';

/**
 * receipts.page_key, page_count: a PDF original's first page drawn as a JPEG (a blob of its own,
 * beside the original under image_key) and its number of pages, so the receipt shows a picture
 * of it. Null for photos, receipts without an image, and PDFs saved before this column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE receipts ADD COLUMN page_key text, ADD COLUMN page_count integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE receipts DROP COLUMN page_key, DROP COLUMN page_count`.execute(db);
}
