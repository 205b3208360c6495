import { useEffect, useLayoutEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { themeSet } from '../../app/uiSlice';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { useGetSettingsQuery } from './settingsApi';
import { storedTheme, storeTheme } from './themeStorage';

/**
 * Applies the theme: this device's copy before the first paint, then the account's setting once
 * signed in (it follows the user across devices). Renders nothing.
 */
export function SettingsSync() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { data } = useGetSettingsQuery(undefined, { skip: !user });

  useLayoutEffect(() => {
    const theme = storedTheme();
    if (theme) dispatch(themeSet(theme));
  }, [dispatch]);

  useEffect(() => {
    if (!data) return;
    dispatch(themeSet(data.theme));
    storeTheme(data.theme);
  }, [data, dispatch]);

  return null;
}
