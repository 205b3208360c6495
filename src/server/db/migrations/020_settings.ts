import { sql, type Kysely } from 'kysely';

/** Per-user settings live on the profile row: one row per user already, read with it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('date_order', 'text', (c) =>
      c
        .notNull()
        .defaultTo('MDY')
        .check(sql`date_order IN ('MDY', 'DMY')`),
    )
    .execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('theme', 'text', (c) =>
      c
        .notNull()
        .defaultTo('system')
        .check(sql`theme IN ('light', 'dark', 'system')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('theme').execute();
  await db.schema.alterTable('profiles').dropColumn('date_order').execute();
}
