import { useEffect, useLayoutEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { themeSet } from '../../app/uiSlice';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { api } from '../../api/api';
import { setDisplayCurrency } from '../../ui/money';
import { HOME_CURRENCY_DEPENDENTS } from './currenciesApi';
import { browserTimeZone } from '../../ui/dates';
import { useGetSettingsQuery, useUpdateSettingsMutation } from './settingsApi';
import { storedTheme, storeTheme } from './themeStorage';
import { zoneCheckDue, zoneChecked } from './zoneCheck';

/**
 * Applies the theme: this device's copy before the first paint, then the account's setting once
 * signed in (it follows the user across devices). Likewise the home currency amounts are shown
 * in (ui/money keeps this device's copy). The account learns this device's time zone, which its
 * notifications count the month in (checked again only when it may have changed: zoneCheck.ts). Renders nothing.
 */
export function SettingsSync() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { data } = useGetSettingsQuery(undefined, { skip: !user });
  const [update] = useUpdateSettingsMutation();
  const zoneSent = useRef(false);

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

  useEffect(() => {
    if (!data || zoneSent.current || !zoneCheckDue(data.time_zone)) return;
    // Once per load: a save that fails is tried again on the next visit, not in a loop.
    zoneSent.current = true;
    const zone = browserTimeZone();
    if (zone && data.time_zone !== zone) {
      void update({ time_zone: zone })
        .unwrap()
        .then(() => zoneChecked(zone))
        .catch(() => undefined);
    } else {
      zoneChecked(data.time_zone);
    }
  }, [data, update]);

  return null;
}
