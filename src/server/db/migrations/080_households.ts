import { sql, type Kysely } from 'kysely';

/**
 * Households: people who share receipts. Shared rows are keyed by household_id (the distribution
 * column for what a household owns); the member rows decide who may read them.
 * - households: the name; created_by is the uid of whoever made it (null once their account is gone).
 * - household_members: one row per person the household counts. user_id is the signed-in account
 *   (null for a placeholder who never signs in, or once a member's account is deleted); status
 *   active, placeholder or former. A former member's row stays (left_at, left_how), so the shares
 *   and balances that name it keep their counterpart. A person has one row per household.
 * - household_invitations: an invitation link for an e-mail address; only the SHA-256 of its
 *   token is kept. accepted_by is the member row it made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('households')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('household_members')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('household_id', 'uuid', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('user_id', 'text')
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('left_at', 'timestamptz')
    .addColumn('left_how', 'text')
    .execute();
  await sql`CREATE UNIQUE INDEX household_members_person ON household_members (household_id, user_id) WHERE user_id IS NOT NULL`.execute(db);
  // "My households": the person's rows across households.
  await sql`CREATE INDEX household_members_user ON household_members (user_id) WHERE user_id IS NOT NULL`.execute(db);

  await db.schema
    .createTable('household_invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('household_id', 'uuid', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'uuid', (c) => c.references('household_members.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_by', 'uuid', (c) => c.references('household_members.id').onDelete('set null'))
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('declined_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX household_invitations_household ON household_invitations (household_id, email)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('household_invitations').execute();
  await db.schema.dropTable('household_members').execute();
  await db.schema.dropTable('households').execute();
}
