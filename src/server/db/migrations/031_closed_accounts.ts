import type { Kysely } from 'kysely';

/**
 * Accounts whose deletion has begun. Writes of such an account are refused (db/accountGate.ts),
 * so a deletion cannot be raced. Only a digest of the uid is kept: nothing that names the person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('closed_accounts')
    .addColumn('uid_digest', 'text', (c) => c.primaryKey())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('closed_accounts').execute();
}
