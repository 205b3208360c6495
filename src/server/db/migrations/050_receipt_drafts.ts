import { sql, type Kysely } from 'kysely';
import { searchTextOf } from '../../searchText';

/**
 * Bulk capture:
 * - receipt_drafts: photos uploaded to be read in the background and reviewed; they count
 *   nowhere until saved. Their scan jobs live in the job queue's own schema (queue/jobQueue.ts).
 * - receipts.ocr_text: the text read off the receipt's image, kept with it;
 * - receipts.image_hash: SHA-256 of the stored image, so the same photo saved twice is noticed;
 * - receipts.search_text: what the receipt search looks in (store, items, text read), kept by the write path.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('receipt_drafts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status IN ('queued', 'scanning', 'ready', 'failed')`),
    )
    .addColumn('error', 'text')
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('image_hash', 'text', (c) => c.notNull())
    .addColumn('result', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX receipt_drafts_user_created ON receipt_drafts (user_id, created_at DESC, id DESC)`.execute(db);

  await db.schema
    .alterTable('receipts')
    .addColumn('ocr_text', 'text')
    .addColumn('image_hash', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`UPDATE receipts r SET search_text = ${searchTextOf('r')}`.execute(db);
  await sql`CREATE INDEX receipts_user_image_hash ON receipts (user_id, image_hash) WHERE image_hash IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('receipts').dropColumn('ocr_text').dropColumn('image_hash').dropColumn('search_text').execute();
  await db.schema.dropTable('receipt_drafts').execute();
}
