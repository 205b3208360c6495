import { Link as RouterLink } from 'react-router-dom';
import { Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import CategoryIcon from '@mui/icons-material/Category';
import SettingsIcon from '@mui/icons-material/Settings';
import LogoutIcon from '@mui/icons-material/Logout';
import { useSignOut } from './useSignOut';

/** The menu's links of spec §2, in its order. */
const MENU_LINKS = [
  { to: '/profile', label: 'Profile', Icon: PersonIcon },
  { to: '/categories', label: 'Categories', Icon: CategoryIcon },
  { to: '/settings', label: 'Settings', Icon: SettingsIcon },
] as const;

/** The open user menu, anchored to the avatar button. */
export default function UserMenuList({ anchor, email, onClose }: { anchor: HTMLElement | null; email: string | undefined; onClose: () => void }) {
  const signOut = useSignOut();
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }} data-testid="user-menu-email">
        {email}
      </Typography>
      <Divider />
      {MENU_LINKS.map(({ to, label, Icon }) => (
        <MenuItem key={to} component={RouterLink} to={to} onClick={onClose}>
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          {label}
        </MenuItem>
      ))}
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          void signOut();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        Logout
      </MenuItem>
    </Menu>
  );
}
