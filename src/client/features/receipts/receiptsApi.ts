import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, onSuccess } from '../../api/api';
import { TOTAL_COUNT_HEADER, type ManualReceiptBody, type Receipt, type ReceiptListQuery } from '../../../shared/receipts';

/** One page of receipts and how many match in all (from the X-Total-Count header). */
export interface ReceiptPage {
  items: Receipt[];
  total: number;
}

/**
 * What a saved or deleted receipt changes: the list, the dashboard, category spending,
 * analytics, and the notifications the server may have created (ARCHITECTURE §3).
 */
const RECEIPT_CHANGE = ['Dashboard', 'Category', 'Analytics', 'Notification', 'NotificationCount'] as const;
const LIST = { type: 'Receipt', id: 'LIST' } as const;

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
      providesTags: (page) => [LIST, ...(page?.items ?? []).map((r) => ({ type: 'Receipt' as const, id: r.id }))],
    }),
    getReceipt: build.query<Receipt, string>({
      query: (id) => `/receipts/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Receipt', id }],
    }),
    createReceipt: build.mutation<Receipt, ManualReceiptBody>({
      query: (body) => ({ url: '/receipts', method: 'POST', body }),
      invalidatesTags: onSuccess([LIST, ...RECEIPT_CHANGE]),
    }),
    updateReceipt: build.mutation<Receipt, { id: string; body: ManualReceiptBody }>({
      query: ({ id, body }) => ({ url: `/receipts/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: onSuccess(({ id }: { id: string }) => [LIST, { type: 'Receipt', id }, ...RECEIPT_CHANGE]),
    }),
    deleteReceipt: build.mutation<void, string>({
      query: (id) => ({ url: `/receipts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: onSuccess((id: string) => [LIST, { type: 'Receipt', id }, ...RECEIPT_CHANGE]),
    }),
  }),
});

export const { useGetReceiptsQuery, useGetReceiptQuery, useCreateReceiptMutation, useUpdateReceiptMutation, useDeleteReceiptMutation } = receiptsApi;
