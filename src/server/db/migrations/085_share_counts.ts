import { sql, type Kysely } from 'kysely';

/**
 * share_counts: what a person's totals count for a shared receipt beyond their own receipts, one
 * row per person, shared receipt and category, in hundredths of that person's home currency:
 * the sharer's row is minus what the others' shares take off their receipt, another member's is
 * their share. daily_totals and monthly_totals hold these as deltas (count 0), and a rebuild of
 * the totals adds them again. Keyed by user_id like the totals. No cascade from shared_receipts:
 * whatever removes a shared receipt must take its counts off the totals first.
 * shared_receipts.category: the name of the sharer's category for it, kept when their receipt
 * is detached (they left), for the household's spending by category and the members' counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_counts')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('shared_receipt_id', 'uuid', (c) => c.notNull().references('shared_receipts.id'))
    .addColumn('category_id', 'uuid', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('share_counts_pk', ['user_id', 'shared_receipt_id', 'category_id'])
    .execute();
  await sql`CREATE INDEX share_counts_shared_receipt ON share_counts (shared_receipt_id)`.execute(db);
  await sql`ALTER TABLE shared_receipts ADD COLUMN category text`.execute(db);
  await sql`
    UPDATE shared_receipts r SET category = c.name
      FROM receipts rc JOIN categories c ON c.user_id = rc.user_id AND c.id = rc.category_id
     WHERE rc.id = r.receipt_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE shared_receipts DROP COLUMN category`.execute(db);
  await db.schema.dropTable('share_counts').execute();
}
