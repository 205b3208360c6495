import { Link, useLocation } from 'react-router-dom';
import { Box, Divider, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Toolbar, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { NAV_ITEMS, activeNavItem } from './navItems';
import { useSignOut } from './useSignOut';

/** The navigation list, shown in the permanent sidebar or the small-screen drawer. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const active = activeNavItem(useLocation().pathname);
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
              <ListItemButton component={Link} to={item.to} selected={item === active} aria-current={item === active ? 'page' : undefined} onClick={onNavigate}>
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
