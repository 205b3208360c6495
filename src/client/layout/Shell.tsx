import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { UnsavedChangesProvider } from '../ui/unsavedChanges/UnsavedChangesProvider';
import { AppBar, Box, IconButton, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { drawerClosed, drawerToggled, selectDrawerOpen } from '../app/uiSlice';
import { LoadingView } from '../ui/LoadingView';
import { Sidebar } from './Sidebar';
import { HeaderActions } from './HeaderActions';
import { useEnsureProfile } from './useEnsureProfile';
import { SkipLink } from './SkipLink';
import { useFocusHeadingOnNavigate } from './useFocusHeadingOnNavigate';
import { SIDEBAR_WIDTH } from './sidebarWidth';
import { OfflineNotice } from './OfflineNotice';
import { useOpenedOnce } from '../ui/useOpenedOnce';
import { lazyAfterLoad } from '../ui/afterLoad';

// The phone drawer (MUI Modal, focus trap, slide) loads on the first open, or at idle after the
// page loaded: a wide screen never needs it, a phone not for its first paint.
const PhoneDrawer = lazyAfterLoad(() => import(/* webpackChunkName: "phone-drawer" */ './PhoneDrawer'));
const MAIN_ID = 'main-content';

/** The signed-in frame: sidebar (a toggled drawer on small screens), header, and the screen. */
export function Shell() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const open = useAppSelector(selectDrawerOpen);
  const dispatch = useAppDispatch();
  const drawerMounted = useOpenedOnce(open);
  useEnsureProfile();
  useFocusHeadingOnNavigate(MAIN_ID);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink mainId={MAIN_ID} />
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider', width: { md: `calc(100% - ${SIDEBAR_WIDTH}px)` }, ml: { md: `${SIDEBAR_WIDTH}px` } }}
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
      <Box component="aside" sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 } }}>
        {wide ? (
          // Docked like MUI's permanent Drawer, without the Modal code that Drawer brings along.
          <Box
            sx={{
              position: 'fixed',
              top: 0,
              left: 0,
              height: '100%',
              width: SIDEBAR_WIDTH,
              overflowY: 'auto',
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
              zIndex: 'drawer',
            }}
          >
            <Sidebar />
          </Box>
        ) : (
          drawerMounted && (
            <Suspense fallback={null}>
              <PhoneDrawer open={open} onClose={() => dispatch(drawerClosed())} />
            </Suspense>
          )
        )}
      </Box>
      <Box component="main" id={MAIN_ID} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, width: { md: `calc(100% - ${SIDEBAR_WIDTH}px)` } }}>
        <Toolbar />
        <OfflineNotice />
        <UnsavedChangesProvider>
          <Suspense fallback={<LoadingView />}>
            <Outlet />
          </Suspense>
        </UnsavedChangesProvider>
      </Box>
    </Box>
  );
}
