import { api, onSuccess, type ApiError } from '../../api/api';

/** The HTTP status of an answer (fetchBaseQuery's meta has the response). */
const statusOf = (meta: unknown) => (meta as { response?: Response } | undefined)?.response?.status;

/** What a stopped import says when the server gave no words. */
export const IMPORT_STOPPED = 'The import stopped. Import the file again: the rows already saved are not added twice.';

/** How often an import written in the background is looked at. */
const FOLLOW_MS = 1000;
import { RECEIPT_CHANGES } from '../../entities/receipts/receiptChanges';
import type { ImportCommitBody, ImportCommitResult, ImportCommitState, ImportMapping, ImportPreview } from '../../../shared/imports';

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
    /**
     * POST /api/import/commit. A long statement's rows are written in the background: the answer
     * is then 202 with the import, followed here (GET /api/import/commit/:id) until it is done.
     */
    commitImport: build.mutation<ImportCommitResult, ImportCommitBody>({
      async queryFn(body, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: '/api/import/commit', method: 'POST', body });
        if (answer.error) return { error: answer.error as ApiError };
        if (statusOf(answer.meta) !== 202) return { data: answer.data as ImportCommitResult };
        let state = answer.data as ImportCommitState;
        while (state.status === 'importing') {
          await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
          const next = await baseQuery(`/api/import/commit/${encodeURIComponent(body.preview_id)}`);
          if (next.error) return { error: next.error as ApiError };
          state = next.data as ImportCommitState;
        }
        if (state.status === 'done') return { data: state.result };
        // Stopped for good (the server says what it saved): the person reads it as it is.
        return { error: { status: 'CUSTOM_ERROR', message: state.message ?? IMPORT_STOPPED } satisfies ApiError };
      },
      // Linked receipts change too, so every cached receipt goes, not only the list.
      invalidatesTags: onSuccess([...RECEIPT_CHANGES, 'Receipt']),
    }),
  }),
});

export const { usePreviewImportMutation, useCommitImportMutation } = importsApi;
