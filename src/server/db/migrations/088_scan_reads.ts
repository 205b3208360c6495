import { sql, type Kysely } from 'kysely';

/**
 * What each scan read (store, date, total as the review screen showed them), and once its
 * receipt is saved, whether each field was saved as read: the person's trust figure (issue 52,
 * GET /scan/trust). Open reads are the scans not saved yet; both kinds are pruned per person
 * (modules/scan/trust.ts), so the table stays a few hundred rows a person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scan_reads')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('store_name', 'text', (c) => c.notNull())
    .addColumn('date', 'text')
    .addColumn('total_amount', 'double precision')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('saved_at', 'timestamptz')
    .addColumn('store_right', 'boolean')
    .addColumn('date_right', 'boolean')
    .addColumn('total_right', 'boolean')
    .execute();
  // The figure reads a person's newest saved scans; pruning their newest open ones.
  await sql`CREATE INDEX scan_reads_user_saved ON scan_reads (user_id, saved_at DESC, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_reads').execute();
}
