import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardActionArea, IconButton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import DoneIcon from '@mui/icons-material/Done';
import type { Notification } from '../../../shared/notifications';
import { visuallyHidden } from '../../ui/SignedAmount';
import { useOfflineReason } from '../../ui/connectivity';
import { NeedsServer } from '../../ui/NeedsServer';
import { formatNotificationTime } from './format';
import { NotificationIcon } from './notificationIcons';

export interface NotificationCardProps {
  notification: Notification;
  onMarkRead: (id: string) => void;
}

/**
 * One notification. The card links to its link ('#' when it has none) and marks it read on the
 * way; the small button beside it marks it read without leaving (it sits outside the link, as
 * interactive elements may not nest).
 */
export function NotificationCard({ notification: n, onMarkRead }: NotificationCardProps) {
  const unread = !n.is_read;
  const offline = useOfflineReason() !== null;
  const open = (e: MouseEvent) => {
    // The placeholder link goes nowhere.
    if (!n.link) e.preventDefault();
    // Offline the link still opens what was saved; marking read waits until the server can be asked.
    if (unread && !offline) onMarkRead(n.id);
  };
  return (
    <Card
      component="li"
      variant="outlined"
      data-testid="notification-card"
      data-unread={unread}
      sx={(theme) => ({
        listStyle: 'none',
        display: 'flex',
        alignItems: 'stretch',
        borderLeft: 4,
        borderLeftColor: unread ? 'primary.main' : 'transparent',
        bgcolor: unread ? alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.06) : 'background.paper',
      })}
    >
      <CardActionArea
        {...linkProps(n.link)}
        onClick={(e: MouseEvent) => open(e)}
        sx={{ flexGrow: 1, minWidth: 0, p: 2, display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start', gap: 2 }}
      >
        <Box sx={{ pt: 0.25, display: 'flex' }}>
          <NotificationIcon type={n.type} />
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: unread ? 700 : 500, overflowWrap: 'anywhere' }}>
            {unread && (
              <Box component="span" sx={visuallyHidden}>
                Unread:{' '}
              </Box>
            )}
            {n.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {n.message}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            <time dateTime={n.created_at}>{formatNotificationTime(n.created_at)}</time>
          </Typography>
        </Box>
      </CardActionArea>
      {unread && (
        <Box sx={{ display: 'flex', alignItems: 'flex-start', p: 1 }}>
          <NeedsServer tooltip="Mark as read">
            <IconButton size="small" aria-label={`Mark as read: ${n.title}`} onClick={() => onMarkRead(n.id)}>
              <DoneIcon fontSize="small" />
            </IconButton>
          </NeedsServer>
        </Box>
      )}
    </Card>
  );
}

/** An in-app link, or the placeholder '#' when the notification has none (spec §2). */
function linkProps(link: string | null) {
  return link ? ({ component: RouterLink, to: link } as const) : ({ component: 'a', href: '#' } as const);
}
