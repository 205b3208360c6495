import { Type, type Static } from 'typebox';
// The client takes these from ./constants/notifications, which has no schema library behind it.
export { NOTIFICATION_POLL_MS } from './constants/notifications';

/** Kinds of notification the server creates (spec §3). The client shows a default icon for any other. */
export const NOTIFICATION_TYPES = ['receipt', 'budget', 'tip', 'alert'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The most notifications GET /notifications answers with, newest first. */
export const NOTIFICATION_LIST_LIMIT = 100;

export const Notification = Type.Object({
  id: Type.String(),
  /** One of NOTIFICATION_TYPES; typed as text so a newer server type never breaks an older client. */
  type: Type.String(),
  title: Type.String(),
  message: Type.String(),
  /** An in-app path such as '/receipts/<id>', or null. */
  link: Type.Union([Type.String(), Type.Null()]),
  is_read: Type.Boolean(),
  /** ISO 8601 timestamp. */
  created_at: Type.String(),
});
export type Notification = Static<typeof Notification>;
export const NotificationList = Type.Array(Notification);

export const NotificationListQuery = Type.Object({
  include_read: Type.Optional(Type.Boolean({ default: false, description: 'Also list read notifications' })),
});
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export type NotificationParams = Static<typeof NotificationParams>;

export const NotificationCount = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type NotificationCount = Static<typeof NotificationCount>;

export const ReadAllAnswer = Type.Object({ updated: Type.Integer({ minimum: 0 }) });
export type ReadAllAnswer = Static<typeof ReadAllAnswer>;
