import { Link as RouterLink } from 'react-router-dom';
import { Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import CategoryIcon from '@mui/icons-material/Category';
import SettingsIcon from '@mui/icons-material/Settings';
import LogoutIcon from '@mui/icons-material/Logout';
import { useSignOut } from './useSignOut';

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
      <MenuItem component={RouterLink} to="/profile" onClick={onClose}>
        <ListItemIcon>
          <PersonIcon fontSize="small" />
        </ListItemIcon>
        Profile
      </MenuItem>
      <MenuItem component={RouterLink} to="/categories" onClick={onClose}>
        <ListItemIcon>
          <CategoryIcon fontSize="small" />
        </ListItemIcon>
        Categories
      </MenuItem>
      <MenuItem component={RouterLink} to="/settings" onClick={onClose}>
        <ListItemIcon>
          <SettingsIcon fontSize="small" />
        </ListItemIcon>
        Settings
      </MenuItem>
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
