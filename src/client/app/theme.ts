import { createTheme, type Theme } from '@mui/material/styles';

/** Indigo primary (the analytics line of spec §2), readable contrast in both modes. */
export function makeTheme(mode: 'light' | 'dark'): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#4338CA' : '#A5B4FC' },
      secondary: { main: mode === 'light' ? '#0F766E' : '#5EEAD4' },
      success: { main: mode === 'light' ? '#15803D' : '#4ADE80' },
      error: { main: mode === 'light' ? '#B91C1C' : '#F87171' },
      background: mode === 'light' ? { default: '#F8FAFC', paper: '#FFFFFF' } : { default: '#0B1120', paper: '#111827' },
    },
    shape: { borderRadius: 10 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      // A keyboard focus ring on every button, link-button, checkbox and list item: MUI's own
      // focus ripple alone is faint (WCAG 2.4.7). Items inside menus and lists draw it inside,
      // where their container cannot clip it.
      MuiButtonBase: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 } }) },
      },
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
      MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: ({ theme }) => ({ border: `1px solid ${theme.palette.divider}` }) } },
      MuiAppBar: { styleOverrides: { root: { border: 'none' } } },
      MuiDrawer: { styleOverrides: { paper: { border: 'none' } } },
      MuiMenu: { styleOverrides: { paper: { border: 'none' } } },
      MuiPopover: { styleOverrides: { paper: { border: 'none' } } },
      MuiDialog: { styleOverrides: { paper: { border: 'none' } } },
    },
  });
}
