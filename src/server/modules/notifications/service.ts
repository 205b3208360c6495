import type { Db } from '../../db';
import { notFound } from '../../errors';
import { NOTIFICATION_LIST_LIMIT, type Notification } from '../../../shared/notifications';
import { countUnread, listNotifications, markAllRead, markRead, type NotificationRow } from './repository';

/**
 * What other modules write through this one, inside their own transaction: a notification to a
 * person (households tell members of a receipt shared with them and of a payment recorded), and
 * the budget thresholds a share counted for a member may cross.
 */
export { insertNotifications } from './repository';
export { notifyOnCounted } from './triggers';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    is_read: row.is_read,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Reading and marking a user's notifications; creating them is triggers.ts's job. */
export class NotificationService {
  constructor(private db: Db) {}

  async list(userId: string, includeRead: boolean): Promise<Notification[]> {
    const rows = await listNotifications(this.db, userId, includeRead, NOTIFICATION_LIST_LIMIT);
    return rows.map(toNotification);
  }

  count(userId: string): Promise<number> {
    return countUnread(this.db, userId);
  }

  /** Marking a read one again changes nothing; an unknown or another user's id is not found. */
  async markRead(userId: string, id: string): Promise<Notification> {
    const row = await markRead(this.db, userId, id);
    if (!row) throw notFound('Notification not found');
    return toNotification(row);
  }

  markAllRead(userId: string): Promise<number> {
    return markAllRead(this.db, userId);
  }
}
