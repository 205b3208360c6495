import type { Draft } from '@reduxjs/toolkit';
import { api } from '../../api/api';
import type { RootState } from '../../app/store';
import type { Notification, NotificationCount, ReadAllAnswer } from '../../../shared/notifications';

type Lists = Array<{ includeRead: boolean; list: Notification[] }>;

/**
 * Notifications (spec §7). Marking read is optimistic: the lists and the unread count change at
 * once and are put back if the server refuses. Failures are only logged (spec §8).
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first; read ones only with `includeRead`. */
    getNotifications: build.query<Notification[], boolean>({
      query: (includeRead) => ({ url: '/notifications', params: { include_read: includeRead } }),
      providesTags: ['Notification'],
    }),
    getUnreadCount: build.query<NotificationCount, void>({
      query: () => '/notifications/count',
      providesTags: ['NotificationCount'],
    }),
    markNotificationRead: build.mutation<Notification, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'PUT' }),
      invalidatesTags: confirmChange,
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const lists = cachedLists(getState() as RootState);
        const wasUnread = lists.some(({ list }) => list.some((n) => n.id === id && !n.is_read));
        const patches = lists.map(({ includeRead }) =>
          dispatch(
            notificationsApi.util.updateQueryData('getNotifications', includeRead, (draft) =>
              // Read ones are hidden unless read ones are shown (spec §4).
              includeRead ? markIn(draft, (n) => n.id === id) : draft.filter((n) => n.id !== id),
            ),
          ),
        );
        if (wasUnread) patches.push(dispatch(notificationsApi.util.updateQueryData('getUnreadCount', undefined, (c) => ({ count: Math.max(0, c.count - 1) }))));
        await undoOnFailure(queryFulfilled, patches, 'Failed to mark the notification read');
      },
    }),
    markAllNotificationsRead: build.mutation<ReadAllAnswer, void>({
      query: () => ({ url: '/notifications/read-all', method: 'PUT' }),
      invalidatesTags: confirmChange,
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const patches = cachedLists(getState() as RootState).map(({ includeRead }) =>
          dispatch(notificationsApi.util.updateQueryData('getNotifications', includeRead, (draft) => (includeRead ? markIn(draft, () => true) : []))),
        );
        patches.push(dispatch(notificationsApi.util.updateQueryData('getUnreadCount', undefined, () => ({ count: 0 }))));
        await undoOnFailure(queryFulfilled, patches, 'Failed to mark all notifications read');
      },
    }),
  }),
});

/**
 * After a success the lists and the count are fetched to confirm the optimistic change: a list
 * request already in flight when the person clicked (the page refetches on opening) would
 * otherwise bring the old list back over it. After a failure the undo restored them.
 */
function confirmChange(_result: unknown, error: unknown): Array<'Notification' | 'NotificationCount'> {
  return error ? [] : ['Notification', 'NotificationCount'];
}

/** Every cached list (unread only, with read ones), with its data. */
function cachedLists(state: RootState): Lists {
  return notificationsApi.util.selectCachedArgsForQuery(state, 'getNotifications').flatMap((includeRead) => {
    const list = notificationsApi.endpoints.getNotifications.select(includeRead)(state).data;
    return list ? [{ includeRead, list }] : [];
  });
}

function markIn(draft: Draft<Notification[]>, which: (n: Notification) => boolean): void {
  for (const n of draft) if (which(n)) n.is_read = true;
}

async function undoOnFailure(queryFulfilled: Promise<unknown>, patches: Array<{ undo: () => void }>, what: string): Promise<void> {
  try {
    await queryFulfilled;
  } catch (err) {
    for (const p of patches) p.undo();
    console.error(what, err);
  }
}

export const { useGetNotificationsQuery, useGetUnreadCountQuery, useMarkNotificationReadMutation, useMarkAllNotificationsReadMutation } = notificationsApi;
