import { sql, type Kysely } from 'kysely';

/**
 * Currencies and bank statement imports:
 * - profiles.home_currency: what everything that sums is counted in;
 * - receipts keep the amount as printed (printed_minor, in `currency`'s minor units) and the rate
 *   used; amount_cents stays what every sum reads, now the amount in hundredths of the home
 *   currency; `imported` marks a receipt made from a statement row;
 * - currency_rates: the person's own table, one rate per currency, home currency (`quote`) and
 *   the date it applies from;
 * - import_previews: an uploaded statement between its preview and its commit;
 * - import_mappings: the columns of each bank's statement, by its header row;
 * - import_rows: fingerprints of statement rows already imported or linked to a receipt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('home_currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .execute();
  await db.schema
    .alterTable('receipts')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('printed_minor', 'bigint')
    .addColumn('rate', sql`numeric(20, 8)`)
    .addColumn('imported', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`UPDATE receipts SET printed_minor = amount_cents`.execute(db);
  await sql`ALTER TABLE receipts ALTER COLUMN printed_minor SET NOT NULL`.execute(db);

  await db.schema
    .createTable('currency_rates')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'date', (c) => c.notNull())
    .addColumn('rate', sql`numeric(20, 8)`, (c) => c.notNull())
    .addPrimaryKeyConstraint('currency_rates_pkey', ['user_id', 'quote', 'currency', 'valid_from'])
    .execute();

  await db.schema
    .createTable('import_previews')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('header_key', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX import_previews_user ON import_previews (user_id, created_at)`.execute(db);

  await db.schema
    .createTable('import_mappings')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('header_key', 'text', (c) => c.notNull())
    .addColumn('mapping', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('import_mappings_pkey', ['user_id', 'header_key'])
    .execute();

  await db.schema
    .createTable('import_rows')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('receipt_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('import_rows_pkey', ['user_id', 'fingerprint'])
    .execute();
  // What a statement row may match: a person's own receipts (not imported) by day, and whether a row links one already.
  await sql`CREATE INDEX receipts_user_date_own ON receipts (user_id, date) WHERE NOT imported`.execute(db);
  await sql`CREATE INDEX import_rows_receipt ON import_rows (user_id, receipt_id) WHERE receipt_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_rows').execute();
  await db.schema.dropTable('import_mappings').execute();
  await db.schema.dropTable('import_previews').execute();
  await db.schema.dropTable('currency_rates').execute();
  await db.schema.alterTable('receipts').dropColumn('imported').dropColumn('rate').dropColumn('printed_minor').dropColumn('currency').execute();
  await db.schema.alterTable('profiles').dropColumn('home_currency').execute();
}
