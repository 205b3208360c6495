import type { ThemePreference } from '../../app/uiSlice';

/** A copy of the theme on this device, so the first paint after a reload is already right. */
export const THEME_STORAGE_KEY = 'tally.theme';
const THEMES: ThemePreference[] = ['light', 'dark', 'system'];

export function storedTheme(): ThemePreference | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return THEMES.includes(value as ThemePreference) ? (value as ThemePreference) : null;
  } catch {
    return null; // storage blocked: fall back to the default
  }
}

export function storeTheme(theme: ThemePreference): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    /* storage blocked or full: the theme still applies for this visit */
  }
}
