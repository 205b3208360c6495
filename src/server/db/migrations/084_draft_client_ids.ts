import { sql, type Kysely } from 'kysely';

/**
 * draft_client_ids: the id a device gave each photo it uploaded (its outbox sends one per file),
 * with the draft it became, so the same photo sent again (an answer lost on a bad connection, two
 * tries at once) is answered with that draft instead of making a second. Kept when the draft is
 * saved or discarded, so a late repeat cannot bring it back; no foreign key for the same reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('draft_client_ids')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('draft_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('draft_client_ids_pkey', ['user_id', 'client_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('draft_client_ids').execute();
}
