import { sql, type Kysely } from 'kysely';

/**
 * blobs: images kept in the database when BLOB_STORE=postgres, so that every API instance and
 * worker of a cluster reads the same photos and avatars. user_id lets account deletion find
 * them with the user's other rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blobs')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('blobs_pkey', ['bucket', 'key'])
    .execute();
  await sql`CREATE INDEX blobs_user ON blobs (user_id)`.execute(db);
  // Photos are compressed already: kept out of line without another try at compressing them.
  await sql`ALTER TABLE blobs ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blobs').execute();
}
