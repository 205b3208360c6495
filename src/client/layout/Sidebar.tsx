import { Link, useLocation } from 'react-router-dom';
import { Box, Divider, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Toolbar, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { NAV_ITEMS, activeNavItem } from './navItems';
import { useSignOut } from './useSignOut';
import { useReadyDraftCount } from '../features/scan/draftsApi';
import { visuallyHidden } from '../ui/SignedAmount';

const REVIEW_PATH = '/receipts/review';

/**
 * How many receipts wait for review, beside the Review entry (nothing when none). A pill drawn
 * as a small chip is, without MUI's Chip: the frame of every signed-in page loads this.
 */
function ReadyBadge({ count }: { count: number }) {
  if (!count) return null;
  return (
    <Box
      component="span"
      data-testid="review-badge"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        height: 20,
        px: 1,
        borderRadius: 10,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: '0.8125rem',
        fontWeight: 600,
        lineHeight: 1,
        whiteSpace: 'nowrap',
      }}
    >
      {count > 99 ? '99+' : count}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        ready to review
      </Box>
    </Box>
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
