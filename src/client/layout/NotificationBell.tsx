import { Link as RouterLink } from 'react-router-dom';
import { Badge, IconButton } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { badgeContent } from '../features/notifications/format';

/** The bell of spec §2: links to /notifications, with the unread count ('9+' above 9). */
export function NotificationBell({ count = 0 }: { count?: number }) {
  const badge = badgeContent(count);
  const label = badge ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <IconButton component={RouterLink} to="/notifications" color="inherit" aria-label={label}>
      <Badge badgeContent={badge} color="error" invisible={!badge} data-testid="notification-badge">
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
