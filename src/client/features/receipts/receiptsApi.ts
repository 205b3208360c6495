import { api, onSuccess } from '../../api/api';
import { pageWithTotal, type Page } from '../../api/pagedResponse';
import { RECEIPT_CHANGES, RECEIPT_LIST_TAG } from '../../entities/receipts/receiptChanges';
import type { ManualReceiptBody, Receipt, ReceiptListQuery } from '../../../shared/receipts';
import type { PriceNote } from '../../../shared/prices';

/** One page of receipts and how many match in all. */
export type ReceiptPage = Page<Receipt>;

export const receiptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReceipts: build.query<ReceiptPage, ReceiptListQuery>({
      query: (params) => ({ url: '/receipts', params }),
      transformResponse: (body: Receipt[], meta) => pageWithTotal(body, meta),
      providesTags: (page) => [RECEIPT_LIST_TAG, ...(page?.items ?? []).map((r) => ({ type: 'Receipt' as const, id: r.id }))],
    }),
    getReceipt: build.query<Receipt, string>({
      query: (id) => `/receipts/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Receipt', id }],
    }),
    /** The receipt's items that cost clearly more than the person's usual. */
    getPriceNotes: build.query<PriceNote[], string>({
      query: (id) => `/api/prices/receipts/${encodeURIComponent(id)}`,
      providesTags: ['Receipt', 'Product'],
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

export const { useGetReceiptsQuery, useGetReceiptQuery, useGetPriceNotesQuery, useUpdateReceiptMutation, useDeleteReceiptMutation } = receiptsApi;
