import { type Kysely } from 'kysely';

/**
 * - profiles.time_zone: the person's zone (the web app sends its own), so notifications count
 *   "this month" and the forecast's day as the dashboard does; null: not known yet (UTC, with
 *   both months counting near a month's turn).
 * - notification_marks.notification_id: the notification a mark told, so one that no longer holds
 *   (a forecast back under the budget) can be taken back, and one still true brought up to date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('time_zone', 'text').execute();
  await db.schema
    .alterTable('notification_marks')
    .addColumn('notification_id', 'uuid', (c) => c.references('notifications.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notification_marks').dropColumn('notification_id').execute();
  await db.schema.alterTable('profiles').dropColumn('time_zone').execute();
}
