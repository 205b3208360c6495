import { api } from '../../api/api';
import type { WarrantyList } from '../../../shared/warranties';

/** The return windows and warranties still running; every receipt save invalidates 'Warranty' (RECEIPT_CHANGES). */
export const warrantiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWarranties: build.query<WarrantyList, void>({
      query: () => '/api/warranties',
      providesTags: ['Warranty'],
    }),
  }),
});

export const { useGetWarrantiesQuery } = warrantiesApi;
