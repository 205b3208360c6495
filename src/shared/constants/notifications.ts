/** Notifications constants of the API contract without its schemas: what the client imports. */

/** How often the client polls the unread count (spec §9). */
export const NOTIFICATION_POLL_MS = 30_000;
