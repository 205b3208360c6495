import { api } from '../../api/api';
import type { ScanReceiptRequest, ScanReceiptResult } from '../../../shared/scan';

/** Spec §8's fallback when the server gives no message (the scan screen and the queue's date read again). */
export const SCAN_FAILED = 'Failed to scan receipt';

export const scanApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Reads the image on the server; changes nothing, so it invalidates nothing. */
    scanReceipt: build.mutation<ScanReceiptResult, ScanReceiptRequest>({
      query: (body) => ({ url: '/scan/receipt-base64', method: 'POST', body }),
    }),
  }),
});

export const { useScanReceiptMutation } = scanApi;
