import { sql, type Kysely } from 'kysely';

/**
 * later_page_keys on receipt_drafts and receipts: the blob keys of a PDF's pages after the first,
 * drawn as JPEGs (a JSON array, in page order), so the review screen and the receipt show every
 * page; the first stays under preview_key / page_key. Null for photos and one-page PDFs, and for
 * PDFs read before this column, which still show their first page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE receipt_drafts ADD COLUMN later_page_keys jsonb`.execute(db);
  await sql`ALTER TABLE receipts ADD COLUMN later_page_keys jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE receipt_drafts DROP COLUMN later_page_keys`.execute(db);
  await sql`ALTER TABLE receipts DROP COLUMN later_page_keys`.execute(db);
}
