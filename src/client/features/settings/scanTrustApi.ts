import { api } from '../../api/api';
import type { ScanTrust } from '../../../shared/scan';

export const scanTrustApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Of the person's last saved scans, how many had each field saved as read; a saved receipt changes it (RECEIPT_CHANGES). */
    getScanTrust: build.query<ScanTrust, void>({
      query: () => '/scan/trust',
      providesTags: ['ScanTrust'],
    }),
  }),
});

export const { useGetScanTrustQuery } = scanTrustApi;
