import { Link as RouterLink } from 'react-router-dom';
import { Badge, IconButton } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';

/** The bell of spec §2: links to /notifications. The unread badge is fed by the notifications feature. */
export function NotificationBell({ count = 0 }: { count?: number }) {
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <IconButton component={RouterLink} to="/notifications" color="inherit" aria-label={label}>
      <Badge badgeContent={count > 9 ? '9+' : count} color="error" invisible={count <= 0}>
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
