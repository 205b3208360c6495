import { NavLink, useLocation } from 'react-router-dom';
import { Box, Divider, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Toolbar, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { NAV_ITEMS } from './navItems';
import { useSignOut } from './useSignOut';

function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

/** The navigation list, shown in the permanent sidebar or the small-screen drawer. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const signOut = useSignOut();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
          Tally
        </Typography>
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label="Main">
        <List>
          {NAV_ITEMS.map((item) => (
            <ListItem key={item.to} disablePadding>
              <ListItemButton component={NavLink} to={item.to} end={item.to === '/'} selected={isActive(pathname, item.to)} onClick={onNavigate}>
                <ListItemIcon>{item.icon}</ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButton>
            </ListItem>
          ))}
          <ListItem disablePadding>
            <ListItemButton
              onClick={() => {
                onNavigate?.();
                void signOut();
              }}
            >
              <ListItemIcon>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary="Logout" />
            </ListItemButton>
          </ListItem>
        </List>
      </Box>
    </Box>
  );
}
