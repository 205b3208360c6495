import { Box } from '@mui/material';
import { useUnreadCount } from '../features/notifications/useUnreadCount';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';

export function HeaderActions() {
  const unread = useUnreadCount();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <NotificationBell count={unread} />
      <UserMenu />
    </Box>
  );
}
