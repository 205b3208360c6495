import { useEffect } from 'react';
import { Box, Button, Checkbox, FormControlLabel, Typography } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOffOutlined';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectShowReadNotifications, showReadNotificationsSet } from '../../app/uiSlice';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { NeedsServer } from '../../ui/NeedsServer';
import { NotificationCard } from './NotificationCard';
import { useGetNotificationsQuery, useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation } from './notificationsApi';

/** /notifications (spec §2). Failures are only logged (spec §8): the page stays usable. */
export default function NotificationsPage() {
  const dispatch = useAppDispatch();
  const showRead = useAppSelector(selectShowReadNotifications);
  // currentData is undefined while another list (the checkbox changed) is fetched: the spinner shows.
  const { currentData: notifications, isFetching, error } = useGetNotificationsQuery(showRead, { refetchOnMountOrArgChange: true });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const loading = notifications === undefined && isFetching;

  useEffect(() => {
    if (error) console.error('Failed to load notifications', error);
  }, [error]);

  return (
    <>
      <PageHeader
        title="Notifications"
        actions={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <FormControlLabel
              control={<Checkbox checked={showRead} onChange={(e) => dispatch(showReadNotificationsSet(e.target.checked))} />}
              label="Show read notifications"
            />
            <NeedsServer>
              <Button variant="outlined" startIcon={<DoneAllIcon />} disabled={loading || markingAll} onClick={() => void markAllRead()}>
                Mark all read
              </Button>
            </NeedsServer>
          </Box>
        }
      />
      {loading ? (
        <LoadingView label="Loading notifications..." />
      ) : notifications && notifications.length === 0 ? (
        <Box role="status" sx={{ textAlign: 'center', py: 6, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
          <NotificationsOffIcon aria-hidden sx={{ fontSize: 48, color: 'text.secondary' }} />
          <Typography component="h2" variant="h6">
            No notifications
          </Typography>
          <Typography color="text.secondary">You're all caught up!</Typography>
        </Box>
      ) : notifications ? (
        <Box component="ul" aria-label="Notifications" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {notifications.map((n) => (
            <NotificationCard key={n.id} notification={n} onMarkRead={(id) => void markRead(id)} />
          ))}
        </Box>
      ) : null}
    </>
  );
}
