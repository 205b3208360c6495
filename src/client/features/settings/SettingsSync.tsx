import { useEffect, useLayoutEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { themeSet } from '../../app/uiSlice';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { api } from '../../api/api';
import { setDisplayCurrency } from '../../ui/money';
import { HOME_CURRENCY_DEPENDENTS } from './currenciesApi';
import { useGetSettingsQuery } from './settingsApi';
import { storedTheme, storeTheme } from './themeStorage';

/**
 * Applies the theme: this device's copy before the first paint, then the account's setting once
 * signed in (it follows the user across devices). Likewise the home currency amounts are shown
 * in (ui/money keeps this device's copy). Renders nothing.
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
    // Screens drawn in another currency (a first visit on this device, or a change made on
    // another) are fetched and drawn again: the money helpers read the currency as they render.
    if (setDisplayCurrency(data.home_currency)) dispatch(api.util.invalidateTags([...HOME_CURRENCY_DEPENDENTS]));
  }, [data, dispatch]);

  return null;
}
