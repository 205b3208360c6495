import { api, onSuccess } from '../../api/api';
import { RECEIPT_CHANGES } from '../../entities/receipts/receiptChanges';
import type { ImportCommitBody, ImportCommitResult, ImportMapping, ImportPreview } from '../../../shared/imports';

export interface PreviewRequest {
  file: Blob;
  /** The columns the person chose; without it the server uses the bank's remembered mapping or its guess. */
  mapping?: ImportMapping;
}

export const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/import/preview as multipart; writes nothing the person sees, so it invalidates nothing. */
    previewImport: build.mutation<ImportPreview, PreviewRequest>({
      query: ({ file, mapping }) => {
        const form = new FormData();
        // The mapping goes before the file: a streaming multipart reader has it by the time the file arrives.
        if (mapping) form.append('mapping', JSON.stringify(mapping));
        form.append('file', file);
        return { url: '/api/import/preview', method: 'POST', body: form };
      },
    }),
    commitImport: build.mutation<ImportCommitResult, ImportCommitBody>({
      query: (body) => ({ url: '/api/import/commit', method: 'POST', body }),
      // Linked receipts change too, so every cached receipt goes, not only the list.
      invalidatesTags: onSuccess([...RECEIPT_CHANGES, 'Receipt']),
    }),
  }),
});

export const { usePreviewImportMutation, useCommitImportMutation } = importsApi;
