import { Box } from '@mui/material';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';

export function HeaderActions() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <NotificationBell />
      <UserMenu />
    </Box>
  );
}
