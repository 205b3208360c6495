import { api, onSuccess } from '../../api/api';
import type { Receipt, ScanReceiptBody } from '../../../shared/receipts';
import type { ScanReceiptRequest, ScanReceiptResult } from '../../../shared/scan';

/** A saved receipt shows in the list, the dashboard, category spending, analytics and notifications. */
const RECEIPT_SAVED = [{ type: 'Receipt', id: 'LIST' }, 'Dashboard', 'Category', 'Analytics', 'Notification', 'NotificationCount'] as const;

export const scanApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Reads the image on the server; changes nothing, so it invalidates nothing. */
    scanReceipt: build.mutation<ScanReceiptResult, ScanReceiptRequest>({
      query: (body) => ({ url: '/scan/receipt-base64', method: 'POST', body }),
    }),
    /** POST /receipts with the scan screen's save payload (spec §3). */
    saveScannedReceipt: build.mutation<Receipt, ScanReceiptBody>({
      query: (body) => ({ url: '/receipts', method: 'POST', body }),
      invalidatesTags: onSuccess(RECEIPT_SAVED),
    }),
  }),
});

export const { useScanReceiptMutation, useSaveScannedReceiptMutation } = scanApi;
