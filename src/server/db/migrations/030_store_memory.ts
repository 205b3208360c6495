import { sql, type Kysely } from 'kysely';

/**
 * What each person called a store, keyed by the fingerprint of what the scanner read at the top
 * of its receipt (header_key: a hash of ocr_header, so the key has a fixed length). The
 * category they chose goes with it; when that category is deleted the name is still remembered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('store_memory')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('header_key', 'text', (c) => c.notNull())
    .addColumn('ocr_header', 'text', (c) => c.notNull())
    .addColumn('store_name', 'text', (c) => c.notNull())
    .addColumn('category_id', 'uuid', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('store_memory_pk', ['user_id', 'header_key'])
    .execute();
  // A scan reads the person's most recently used stores.
  await sql`CREATE INDEX store_memory_user_updated ON store_memory (user_id, updated_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('store_memory').execute();
}
