import { api } from '../../api/api';
import type { BoughtItem, PriceHistory } from '../../../shared/prices';

/** Prices change with receipts: they provide 'Receipt', which every receipt save invalidates. */
export const pricesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBoughtItems: build.query<BoughtItem[], string>({
      query: (search) => ({ url: '/api/prices/items', params: search ? { search } : {} }),
      providesTags: ['Receipt'],
    }),
    getPriceHistory: build.query<PriceHistory, string>({
      query: (item) => ({ url: '/api/prices', params: { item } }),
      providesTags: ['Receipt'],
    }),
  }),
});

export const { useGetBoughtItemsQuery, useGetPriceHistoryQuery } = pricesApi;
