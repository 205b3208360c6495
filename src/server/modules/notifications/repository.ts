import { sql, type Selectable } from 'kysely';
import type { Executor, NotificationsTable } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import type { Month, NewNotification } from './rules';

export type NotificationRow = Selectable<NotificationsTable>;

/** A notification to write, and the mark whose news it tells (so it can be updated or taken back). */
export interface TellNotification extends NewNotification {
  mark?: { month: Month; key: string };
}

export async function insertNotifications(db: Executor, userId: string, rows: TellNotification[]): Promise<void> {
  // One statement per row, in order: `seq` then keeps the order the rules gave.
  for (const { mark, ...row } of rows) {
    const { id } = await db
      .insertInto('notifications')
      .values({ user_id: userId, ...row })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (mark) await marked(db, userId, mark.month, mark.key).set({ notification_id: id }).execute();
  }
}

const marked = (db: Executor, userId: string, month: Month, key: string) =>
  db.updateTable('notification_marks').where('user_id', '=', userId).where('month', '=', month).where('key', '=', key);

/** Newest first; unread only unless `includeRead`. */
export function listNotifications(db: Executor, userId: string, includeRead: boolean, limit: number): Promise<NotificationRow[]> {
  let q = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (!includeRead) q = q.where('is_read', '=', false);
  return q.orderBy('created_at', 'desc').orderBy('seq', 'desc').limit(limit).execute();
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one read (a read one stays as it is); undefined when the user has no such notification. */
export async function markRead(db: Executor, userId: string, id: string): Promise<NotificationRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.updateTable('notifications').set({ is_read: true }).where('user_id', '=', userId).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Marks every unread one read; answers how many changed. */
export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const res = await db.updateTable('notifications').set({ is_read: true }).where('user_id', '=', userId).where('is_read', '=', false).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function firedMarks(db: Executor, userId: string, month: Month): Promise<Set<string>> {
  const rows = await db.selectFrom('notification_marks').select('key').where('user_id', '=', userId).where('month', '=', month).execute();
  return new Set(rows.map((r) => r.key));
}

/**
 * Records the keys as fired; answers the ones this call recorded. A concurrent write that
 * recorded a key first wins, so a threshold never fires twice.
 */
export async function addMarks(db: Executor, userId: string, month: Month, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .insertInto('notification_marks')
    .values(keys.map((key) => ({ user_id: userId, month, key })))
    .onConflict((oc) => oc.doNothing())
    .returning('key')
    .execute();
  return new Set(rows.map((r) => r.key));
}

/** Forgets the marks and takes back what they told. */
export async function withdrawMarks(db: Executor, userId: string, month: Month, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const removed = await db
    .deleteFrom('notification_marks')
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .where('key', 'in', keys)
    .returning('notification_id')
    .execute();
  const ids = removed.flatMap((r) => (r.notification_id ? [r.notification_id] : []));
  if (ids.length > 0) await db.deleteFrom('notifications').where('user_id', '=', userId).where('id', 'in', ids).execute();
}

/** Brings what each mark told up to date (a mark from before marks knew their notification has none to update). */
export async function retellMarks(
  db: Executor,
  userId: string,
  month: Month,
  updates: ReadonlyArray<{ key: string; notification: NewNotification }>,
): Promise<void> {
  for (const { key, notification } of updates) {
    const mark = await db
      .selectFrom('notification_marks')
      .select('notification_id')
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!mark?.notification_id) continue;
    await db
      .updateTable('notifications')
      .set({ title: notification.title, message: notification.message, link: notification.link })
      .where('user_id', '=', userId)
      .where('id', '=', mark.notification_id)
      .where('message', '<>', notification.message)
      .execute();
  }
}

export async function removeMarks(db: Executor, userId: string, month: Month, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('notification_marks').where('user_id', '=', userId).where('month', '=', month).where('key', 'in', keys).execute();
}

/** The month's spending (refunds subtract), in total and for one category. */
export async function monthSpending(db: Executor, userId: string, month: Month, categoryId?: string): Promise<number> {
  let q = db
    .selectFrom('monthly_totals')
    .select(sql<number>`coalesce(sum(amount_cents), 0)::bigint`.as('cents'))
    .where('user_id', '=', userId)
    .where('month', '=', `${month}-01`);
  if (categoryId) q = q.where('category_id', '=', categoryId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.cents);
}

/**
 * When the receipt `id` was saved and when the one saved before it was (null: none before it),
 * both by the database's clock, which stamped them.
 */
export async function receiptSavedTimes(db: Executor, userId: string, id: string): Promise<{ previous: Date | null; saved: Date | null }> {
  const row = await db
    .selectFrom('receipts')
    .select([
      sql<Date | null>`max(created_at) filter (where id <> ${id})`.as('previous'),
      sql<Date | null>`max(created_at) filter (where id = ${id})`.as('saved'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { previous: row.previous ? new Date(row.previous) : null, saved: row.saved ? new Date(row.saved) : null };
}
