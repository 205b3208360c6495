import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AppBar, Box, Drawer, IconButton, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { drawerClosed, drawerToggled, selectDrawerOpen } from '../app/uiSlice';
import { LoadingView } from '../ui/LoadingView';
import { Sidebar } from './Sidebar';
import { HeaderActions } from './HeaderActions';
import { useEnsureProfile } from './useEnsureProfile';
import { SkipLink } from './SkipLink';
import { useFocusHeadingOnNavigate } from './useFocusHeadingOnNavigate';

export const DRAWER_WIDTH = 240;
const MAIN_ID = 'main-content';

/** The signed-in frame: sidebar (a toggled drawer on small screens), header, and the screen. */
export function Shell() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const open = useAppSelector(selectDrawerOpen);
  const dispatch = useAppDispatch();
  useEnsureProfile();
  useFocusHeadingOnNavigate(MAIN_ID);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink mainId={MAIN_ID} />
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider', width: { md: `calc(100% - ${DRAWER_WIDTH}px)` }, ml: { md: `${DRAWER_WIDTH}px` } }}
      >
        <Toolbar>
          {!wide && (
            <IconButton edge="start" aria-label="Open navigation" aria-expanded={open} onClick={() => dispatch(drawerToggled())} sx={{ mr: 1 }}>
              <MenuIcon />
            </IconButton>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <HeaderActions />
        </Toolbar>
      </AppBar>
      <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {wide ? (
          <Drawer variant="permanent" open sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}>
            <Sidebar />
          </Drawer>
        ) : (
          // Not kept mounted: on a phone the first paint need not build a sidebar nobody sees yet.
          <Drawer
            variant="temporary"
            open={open}
            onClose={() => dispatch(drawerClosed())}
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            <Sidebar onNavigate={() => dispatch(drawerClosed())} />
          </Drawer>
        )}
      </Box>
      <Box component="main" id={MAIN_ID} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, width: { md: `calc(100% - ${DRAWER_WIDTH}px)` } }}>
        <Toolbar />
        <Suspense fallback={<LoadingView />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
