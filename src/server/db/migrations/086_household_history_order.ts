import { sql, type Kysely } from 'kysely';

/**
 * A household's shared receipts and payments are listed newest first, by (created_at, id): as
 * their own pages and merged into its history. Indexes in that order let each side of the history
 * stop after the rows one page needs, however many the household has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX shared_receipts_household_created ON shared_receipts (household_id, created_at DESC, id DESC)`.execute(db);
  await sql`DROP INDEX household_settlements_household`.execute(db);
  await sql`CREATE INDEX household_settlements_household ON household_settlements (household_id, created_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX household_settlements_household`.execute(db);
  await sql`CREATE INDEX household_settlements_household ON household_settlements (household_id, created_at DESC)`.execute(db);
  await sql`DROP INDEX shared_receipts_household_created`.execute(db);
}
