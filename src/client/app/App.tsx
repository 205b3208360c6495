import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { CssBaseline, useMediaQuery } from '@mui/material';
// MUI's own ThemeProvider also carries its CSS-variables provider (about 3 KB gzip of the first
// load) for themes Tally does not make; the system's provider is the one it hands a plain theme to.
import ThemeProvider from '@mui/system/ThemeProvider';
import { useAppSelector } from './hooks';
import { selectThemePreference } from './uiSlice';
import { makeTheme } from './theme';
import { LoadingView } from '../ui/LoadingView';
import { Toasts } from '../toasts/Toasts';
import { SettingsSync } from '../features/settings/SettingsSync';
import type { AppRouter } from './routes';
import { whenIdleAfterLoad } from '../ui/afterLoad';

// The service worker and the offline outbox: after the first screen, in a chunk of their own.
const OfflineServices = lazy(() => import(/* webpackChunkName: "offline" */ './offline/OfflineServices'));

export function App({ router }: { router: AppRouter }) {
  const pref = useAppSelector(selectThemePreference);
  // Read at once (noSsr): the first paint must already be in the right mode.
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const mode = pref === 'system' ? (prefersDark ? 'dark' : 'light') : pref;
  const theme = useMemo(() => makeTheme(mode), [mode]);
  const [afterLoad, setAfterLoad] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setAfterLoad(true)), []);
  return (
    <ThemeProvider theme={theme}>
      {/* color-scheme follows the theme: native controls (the date picker icon) stay visible in dark mode. */}
      <CssBaseline enableColorScheme />
      <SettingsSync />
      <Suspense fallback={<LoadingView />}>
        <RouterProvider router={router} />
      </Suspense>
      <Toasts />
      {afterLoad && (
        <Suspense fallback={null}>
          <OfflineServices />
        </Suspense>
      )}
    </ThemeProvider>
  );
}
