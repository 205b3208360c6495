import { api } from '../../api/api';
import type { CurrencyRateList } from '../../../shared/currencyRates';
import { rateInForce } from '../../../shared/currency';

/** The person's rates table, read by Settings (to edit it) and by the receipt forms (to say which rate a receipt will take). */
export const ratesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The rates table for the current home currency; part of the settings, so tagged with them. */
    getCurrencyRates: build.query<CurrencyRateList, void>({
      query: () => '/api/currency-rates',
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetCurrencyRatesQuery } = ratesApi;

/** The table's rate for `currency` on `date`, as the server will take it, or null when it has none. */
export function tableRateOn(rates: CurrencyRateList, currency: string, date: string): number | null {
  const own = rates
    .filter((r) => r.currency === currency)
    .map((r) => ({ validFrom: r.valid_from, rate: r.rate }))
    .sort((a, b) => (a.validFrom < b.validFrom ? -1 : 1));
  return rateInForce(own, date);
}
