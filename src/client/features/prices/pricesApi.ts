import { api } from '../../api/api';
import type { PriceHistory } from '../../../shared/prices';

/** Prices change with receipts: they provide 'Receipt', which every receipt save invalidates. */
export const pricesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPriceHistory: build.query<PriceHistory, string>({
      query: (item) => ({ url: '/api/prices', params: { item } }),
      providesTags: ['Receipt'],
    }),
  }),
});

export const { useGetPriceHistoryQuery } = pricesApi;
