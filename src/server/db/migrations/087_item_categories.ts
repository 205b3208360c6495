import { sql, type Kysely } from 'kysely';

/**
 * What is on a receipt counts where it belongs (issue 52):
 * - receipt_items.category_id: the item's own category (null: the receipt's). Referenced with the
 *   owner, so an item can only use its owner's category.
 * - receipt_item_counts: what a receipt whose items have categories of their own counts beyond
 *   its own row in the totals, per category, in hundredths of the home currency: the items'
 *   categories get their part, the receipt's category gives it up (the rows add up to 0). The
 *   totals hold these as deltas (count 0) and a rebuild adds them again, as share_counts.
 * - item_memory: the name (and category) a person gave an item as the scanner read it.
 * - receipt_items_user_name: an item's price history is one index range however many items.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE receipt_items ADD COLUMN category_id uuid`.execute(db);
  await sql`ALTER TABLE receipt_items ADD CONSTRAINT receipt_items_category
    FOREIGN KEY (user_id, category_id) REFERENCES categories (user_id, id)`.execute(db);
  await db.schema
    .createTable('receipt_item_counts')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('receipt_id', 'uuid', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
    .addColumn('category_id', 'uuid', (c) => c.notNull())
    .addColumn('cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('receipt_item_counts_pk', ['receipt_id', 'category_id'])
    .execute();
  await sql`CREATE INDEX receipt_item_counts_user_category ON receipt_item_counts (user_id, category_id)`.execute(db);
  await db.schema
    .createTable('item_memory')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('read_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category_id', 'uuid', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('item_memory_pk', ['user_id', 'read_key'])
    .execute();
  await sql`CREATE INDEX receipt_items_user_name ON receipt_items (user_id, lower(name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX receipt_items_user_name`.execute(db);
  await db.schema.dropTable('item_memory').execute();
  await db.schema.dropTable('receipt_item_counts').execute();
  await sql`ALTER TABLE receipt_items DROP CONSTRAINT receipt_items_category`.execute(db);
  await sql`ALTER TABLE receipt_items DROP COLUMN category_id`.execute(db);
}
