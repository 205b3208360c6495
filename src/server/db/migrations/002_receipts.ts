import { sql, type Kysely } from 'kysely';

/**
 * Receipts, their items, and per-user spending totals by day and by month. The totals are kept
 * by the receipt write path in the same transaction, so analytics never scans receipts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Lets receipts reference (user_id, category_id): a receipt can only use its owner's category.
  await sql`ALTER TABLE categories ADD CONSTRAINT categories_user_id_id UNIQUE (user_id, id)`.execute(db);

  await db.schema
    .createTable('receipts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('category_id', 'uuid', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_method', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tax_cents', 'bigint')
    // A blob-store key, never the image itself.
    .addColumn('image_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('receipts_category', ['user_id', 'category_id'], 'categories', ['user_id', 'id'])
    .execute();
  // The list's sorts and filters, each led by user_id.
  await sql`CREATE INDEX receipts_user_date ON receipts (user_id, date DESC, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX receipts_user_store ON receipts (user_id, lower(store))`.execute(db);
  await sql`CREATE INDEX receipts_user_amount ON receipts (user_id, amount_cents)`.execute(db);
  await sql`CREATE INDEX receipts_user_category ON receipts (user_id, category_id, date DESC)`.execute(db);

  await db.schema
    .createTable('receipt_items')
    .addColumn('receipt_id', 'uuid', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('receipt_items_pk', ['receipt_id', 'position'])
    .execute();

  for (const [table, column] of [
    ['daily_totals', 'day'],
    ['monthly_totals', 'month'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn(column, 'date', (c) => c.notNull())
      .addColumn('category_id', 'uuid', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', column, 'category_id'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('monthly_totals').execute();
  await db.schema.dropTable('daily_totals').execute();
  await db.schema.dropTable('receipt_items').execute();
  await db.schema.dropTable('receipts').execute();
  await sql`ALTER TABLE categories DROP CONSTRAINT categories_user_id_id`.execute(db);
}
