import { api, onSuccess } from '../../api/api';
import { RECEIPT_CHANGES } from './receiptChanges';
import type { CreateReceiptBody, Receipt } from '../../../shared/receipts';

/** A draft of the review queue is gone once saved, so its save refetches the drafts as well. */
const changedBy = (body: CreateReceiptBody) => ('draft_id' in body && body.draft_id ? [...RECEIPT_CHANGES, 'Draft' as const] : RECEIPT_CHANGES);

/**
 * POST /receipts, the one save of a new receipt: the scan screen and the review queue send the
 * scan payload (a draft's with its `draft_id`), Add Transaction the manual form; either may name
 * the imported bank row it fills in (`into_id`).
 */
export const receiptSaveApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveReceipt: build.mutation<Receipt, CreateReceiptBody>({
      query: (body) => ({ url: '/receipts', method: 'POST', body }),
      invalidatesTags: onSuccess(changedBy),
    }),
  }),
});

export const { useSaveReceiptMutation } = receiptSaveApi;
