import { sql, type Kysely } from 'kysely';

/**
 * Receipts by e-mail (issue 53):
 * - mail_in_addresses: each person's private address token on Tally's mail listener. One is in
 *   use at a time; 'Make a new address' retires it (kept, so mail to it is refused with the
 *   reason rather than taken as an unknown address's).
 * - mail_in_senders: the addresses besides the account's own whose mail is read, in order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_in_addresses')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX mail_in_addresses_in_use ON mail_in_addresses (user_id) WHERE retired_at IS NULL`.execute(db);
  await db.schema
    .createTable('mail_in_senders')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_in_senders_pk', ['user_id', 'address'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_in_senders').execute();
  await db.schema.dropTable('mail_in_addresses').execute();
}
