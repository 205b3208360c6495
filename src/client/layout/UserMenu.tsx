import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Avatar, Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import CategoryIcon from '@mui/icons-material/Category';
import SettingsIcon from '@mui/icons-material/Settings';
import LogoutIcon from '@mui/icons-material/Logout';
import { useAppSelector } from '../app/hooks';
import { resolveAssetUrl } from '../app/config';
import { selectCurrentUser } from '../auth/sessionSlice';
import { useGetProfileQuery } from '../features/profile/profileApi';
import { useSignOut } from './useSignOut';

/** The header's user menu of spec §2: the email, Profile, Categories, Settings, Logout. */
export function UserMenu() {
  const user = useAppSelector(selectCurrentUser);
  const { data: profile } = useGetProfileQuery();
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const name = profile?.display_name || user?.displayName || user?.email || '';
  const avatar = resolveAssetUrl(profile?.avatar ?? profile?.avatar_url ?? user?.photoURL);

  return (
    <>
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label="Open user menu" aria-haspopup="menu" aria-expanded={anchor ? 'true' : undefined} sx={{ p: 0.5 }}>
        <Avatar src={avatar} alt={name} sx={{ width: 36, height: 36, bgcolor: 'secondary.main' }}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }} data-testid="user-menu-email">
          {user?.email}
        </Typography>
        <Divider />
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          <ListItemIcon><PersonIcon fontSize="small" /></ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem component={RouterLink} to="/categories" onClick={close}>
          <ListItemIcon><CategoryIcon fontSize="small" /></ListItemIcon>
          Categories
        </MenuItem>
        <MenuItem component={RouterLink} to="/settings" onClick={close}>
          <ListItemIcon><SettingsIcon fontSize="small" /></ListItemIcon>
          Settings
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void signOut();
          }}
        >
          <ListItemIcon><LogoutIcon fontSize="small" /></ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
