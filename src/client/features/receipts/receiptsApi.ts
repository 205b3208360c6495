import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, onSuccess } from '../../api/api';
import { RECEIPT_CHANGES, RECEIPT_LIST_TAG } from '../../entities/receipts/receiptChanges';
import type { ManualReceiptBody, Receipt, ReceiptListQuery } from '../../../shared/receipts';
import { TOTAL_COUNT_HEADER } from '../../../shared/constants/receipts';

/** One page of receipts and how many match in all (from the X-Total-Count header). */
export interface ReceiptPage {
  items: Receipt[];
  total: number;
}

export const receiptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReceipts: build.query<ReceiptPage, ReceiptListQuery>({
      query: (params) => ({ url: '/receipts', params }),
      transformResponse: (body: Receipt[], meta) => {
        // The api's base query passes fetchBaseQuery's meta through, but its type does not say so.
        const header = (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(TOTAL_COUNT_HEADER);
        const total = header == null ? NaN : Number(header);
        return { items: body, total: Number.isFinite(total) ? total : body.length };
      },
      providesTags: (page) => [RECEIPT_LIST_TAG, ...(page?.items ?? []).map((r) => ({ type: 'Receipt' as const, id: r.id }))],
    }),
    getReceipt: build.query<Receipt, string>({
      query: (id) => `/receipts/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Receipt', id }],
    }),
    updateReceipt: build.mutation<Receipt, { id: string; body: ManualReceiptBody }>({
      query: ({ id, body }) => ({ url: `/receipts/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: onSuccess(({ id }: { id: string }) => [...RECEIPT_CHANGES, { type: 'Receipt', id }]),
    }),
    deleteReceipt: build.mutation<void, string>({
      query: (id) => ({ url: `/receipts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: onSuccess((id: string) => [...RECEIPT_CHANGES, { type: 'Receipt', id }]),
    }),
  }),
});

export const { useGetReceiptsQuery, useGetReceiptQuery, useUpdateReceiptMutation, useDeleteReceiptMutation } = receiptsApi;
