import { api, onSuccess } from '../../api/api';
import { RECEIPT_CHANGES } from '../../entities/receipts/receiptChanges';
import type { RestoreAnswer } from '../../../shared/backup';

export const backupApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/backup/restore with the multipart field `file`: everything in the account may change. */
    restoreBackup: build.mutation<RestoreAnswer, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { url: '/api/backup/restore', method: 'POST', body: form };
      },
      invalidatesTags: onSuccess([...RECEIPT_CHANGES, 'Profile', 'Settings', 'Draft']),
    }),
  }),
});

export const { useRestoreBackupMutation } = backupApi;
