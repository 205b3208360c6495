import { api, onSuccess } from '../../api/api';
import type { CurrencyRateList } from '../../../shared/currencyRates';
import type { Settings, SettingsUpdate } from '../../../shared/settings';
import { setDisplayCurrency } from '../../ui/money';
import { settingsApi } from './settingsApi';
import { ratesApi } from '../../entities/currency/ratesApi';

/**
 * What shows amounts in the home currency: a new home currency recomputes every receipt's home
 * amount, and with it the dashboard, budgets, analytics, recurring bills and notifications. The
 * rates table ('Settings') is the new home currency's.
 */
export const HOME_CURRENCY_DEPENDENTS = ['Receipt', 'Dashboard', 'Category', 'Analytics', 'Recurring', 'Notification', 'Profile', 'Draft'] as const;

/** A new home currency and, when given, one unit of the old one in it (the server asks for it when it needs it). */
export type HomeCurrencyChange = Required<Pick<SettingsUpdate, 'home_currency'>> & Pick<SettingsUpdate, 'home_currency_rate'>;

export const currenciesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Replaces the whole table; the answer (the table as kept) becomes the cached one. */
    saveCurrencyRates: build.mutation<CurrencyRateList, CurrencyRateList>({
      query: (body) => ({ url: '/api/currency-rates', method: 'PUT', body }),
      async onQueryStarted(_rates, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(ratesApi.util.upsertQueryData('getCurrencyRates', undefined, data));
      },
    }),
    /** Not optimistic, unlike the other settings: nothing changes until the server has recomputed the amounts. */
    changeHomeCurrency: build.mutation<Settings, HomeCurrencyChange>({
      query: (body) => ({ url: '/api/settings', method: 'PUT', body }),
      invalidatesTags: onSuccess(['Settings', ...HOME_CURRENCY_DEPENDENTS]),
      async onQueryStarted(_change, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        setDisplayCurrency(data.home_currency);
        dispatch(settingsApi.util.upsertQueryData('getSettings', undefined, data));
      },
    }),
  }),
});

export const { useSaveCurrencyRatesMutation, useChangeHomeCurrencyMutation } = currenciesApi;
