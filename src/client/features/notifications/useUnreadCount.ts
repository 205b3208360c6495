import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { NOTIFICATION_POLL_MS } from '../../../shared/constants/notifications';
import { useGetUnreadCountQuery } from './notificationsApi';

/**
 * The unread count for the bell: polled every 30 s while someone is signed in (spec §9), and
 * refetched at once when a change that may create or read one invalidates it.
 */
export function useUnreadCount(): number {
  const user = useAppSelector(selectCurrentUser);
  const { data, error } = useGetUnreadCountQuery(undefined, { skip: !user, pollingInterval: NOTIFICATION_POLL_MS });
  useEffect(() => {
    if (error) console.error('Failed to load the notification count', error);
  }, [error]);
  return user ? (data?.count ?? 0) : 0;
}
