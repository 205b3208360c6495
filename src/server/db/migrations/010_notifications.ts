import { sql, type Kysely } from 'kysely';

/**
 * Notifications, and the thresholds that already fired (so each fires once per month).
 * `seq` orders notifications created in one transaction, where timestamps may tie.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  // The list (unread only or all, newest first) and the unread count.
  await sql`CREATE INDEX notifications_user_read_created ON notifications (user_id, is_read, created_at DESC, seq DESC)`.execute(db);
  await sql`CREATE INDEX notifications_user_created ON notifications (user_id, created_at DESC, seq DESC)`.execute(db);

  await db.schema
    .createTable('notification_marks')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_marks_pk', ['user_id', 'month', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_marks').execute();
  await db.schema.dropTable('notifications').execute();
}
