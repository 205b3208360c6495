import { sql, type Kysely } from 'kysely';

/**
 * Shared receipts, their shares and settlements: rows a household owns, keyed by household_id
 * and read only through the asker's active member row.
 * - shared_receipts: a receipt shared with a household, as its members see it (store, date,
 *   total in its currency). receipt_id is the private receipt of the member who shared it
 *   (shared_by), cleared when they leave or their account goes: the shares stay the household's.
 *   split is how it was divided (SplitSpec, modules/households/shares.ts), to divide it again
 *   when the receipt is edited.
 * - shared_receipt_shares: each member's share in the receipt's currency, and in the member's
 *   home currency when it can be known (home_minor null otherwise).
 * - household_settlements: a payment from one member to another, in one currency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shared_receipts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('household_id', 'uuid', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('receipt_id', 'uuid')
    .addColumn('shared_by', 'uuid', (c) => c.notNull().references('household_members.id'))
    .addColumn('paid_by', 'uuid', (c) => c.notNull().references('household_members.id'))
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'numeric')
    .addColumn('split', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX shared_receipts_receipt ON shared_receipts (receipt_id) WHERE receipt_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX shared_receipts_household ON shared_receipts (household_id, date DESC, id)`.execute(db);

  await db.schema
    .createTable('shared_receipt_shares')
    .addColumn('household_id', 'uuid', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('shared_receipt_id', 'uuid', (c) => c.notNull().references('shared_receipts.id').onDelete('cascade'))
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('household_members.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('home_currency', 'text')
    .addColumn('home_minor', 'bigint')
    .addPrimaryKeyConstraint('shared_receipt_shares_pk', ['shared_receipt_id', 'member_id'])
    .execute();
  await sql`CREATE INDEX shared_receipt_shares_household ON shared_receipt_shares (household_id)`.execute(db);

  await db.schema
    .createTable('household_settlements')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('household_id', 'uuid', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('from_member', 'uuid', (c) => c.notNull().references('household_members.id'))
    .addColumn('to_member', 'uuid', (c) => c.notNull().references('household_members.id'))
    .addColumn('recorded_by', 'uuid', (c) => c.notNull().references('household_members.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX household_settlements_household ON household_settlements (household_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('household_settlements').execute();
  await db.schema.dropTable('shared_receipt_shares').execute();
  await db.schema.dropTable('shared_receipts').execute();
}
