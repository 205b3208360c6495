import { api, onSuccess } from '../../api/api';
import type { PriceHistory, ProductNames, SameProductBody } from '../../../shared/prices';

/**
 * Prices change with receipts: they provide 'Receipt', which every receipt save invalidates.
 * Grouping names into a product changes what every price read answers: 'Product'.
 */
export const pricesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPriceHistory: build.query<PriceHistory, string>({
      query: (item) => ({ url: '/api/prices', params: { item } }),
      providesTags: ['Receipt', 'Product'],
    }),
    /** The person's products whose names look like the item's: 'Maybe the same product'. */
    getSimilarItems: build.query<string[], string>({
      query: (item) => ({ url: '/api/prices/similar', params: { item } }),
      providesTags: ['Receipt', 'Product'],
    }),
    sameProduct: build.mutation<ProductNames, SameProductBody>({
      query: (body) => ({ url: '/api/prices/products', method: 'PUT', body }),
      invalidatesTags: onSuccess(['Product']),
    }),
    notSameProduct: build.mutation<void, string>({
      query: (item) => ({ url: '/api/prices/products', method: 'DELETE', params: { item } }),
      invalidatesTags: onSuccess(['Product']),
    }),
  }),
});

export const { useGetPriceHistoryQuery, useGetSimilarItemsQuery, useSameProductMutation, useNotSameProductMutation } = pricesApi;
