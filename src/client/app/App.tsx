import { Suspense, useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { useAppSelector } from './hooks';
import { selectThemePreference } from './uiSlice';
import { makeTheme } from './theme';
import { makeRouter } from './routes';
import { LoadingView } from '../ui/LoadingView';
import { Toasts } from '../ui/Toasts';

export function App({ router = makeRouter() }: { router?: ReturnType<typeof makeRouter> }) {
  const pref = useAppSelector(selectThemePreference);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const mode = pref === 'system' ? (prefersDark ? 'dark' : 'light') : pref;
  const theme = useMemo(() => makeTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Suspense fallback={<LoadingView />}>
        <RouterProvider router={router} />
      </Suspense>
      <Toasts />
    </ThemeProvider>
  );
}
