import { Link, useLocation } from 'react-router-dom';
import { Box, Chip, Divider, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Toolbar, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { NAV_ITEMS, activeNavItem } from './navItems';
import { useSignOut } from './useSignOut';
import { useReadyDraftCount } from '../features/scan/draftsApi';

const REVIEW_PATH = '/receipts/review';

/** How many receipts wait for review, beside the Review entry (nothing when none). */
function ReadyBadge({ count }: { count: number }) {
  if (!count) return null;
  return (
    <Chip
      size="small"
      color="primary"
      label={count > 99 ? '99+' : count}
      aria-label={`${count} ready to review`}
      data-testid="review-badge"
      sx={{ height: 20, fontWeight: 600 }}
    />
  );
}

/** The navigation list, shown in the permanent sidebar or the small-screen drawer. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const active = activeNavItem(useLocation().pathname);
  const signOut = useSignOut();
  const ready = useReadyDraftCount();
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
                {item.to === REVIEW_PATH && <ReadyBadge count={ready} />}
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
