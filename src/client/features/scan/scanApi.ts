import { api, onSuccess } from '../../api/api';
import { RECEIPT_CHANGES } from '../../entities/receipts/receiptChanges';
import type { Receipt, ScanReceiptBody } from '../../../shared/receipts';
import type { ScanReceiptRequest, ScanReceiptResult } from '../../../shared/scan';

/** Spec §8's fallback when the server gives no message (the scan screen and the queue's date read again). */
export const SCAN_FAILED = 'Failed to scan receipt';

export const scanApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Reads the image on the server; changes nothing, so it invalidates nothing. */
    scanReceipt: build.mutation<ScanReceiptResult, ScanReceiptRequest>({
      query: (body) => ({ url: '/scan/receipt-base64', method: 'POST', body }),
    }),
    /** POST /receipts with the scan screen's save payload (spec §3). */
    saveScannedReceipt: build.mutation<Receipt, ScanReceiptBody>({
      query: (body) => ({ url: '/receipts', method: 'POST', body }),
      invalidatesTags: onSuccess(RECEIPT_CHANGES),
    }),
  }),
});

export const { useScanReceiptMutation, useSaveScannedReceiptMutation } = scanApi;
