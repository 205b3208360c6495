import { api, onSuccess } from '../../api/api';
import type { Draft, DraftDateAnswer, DraftDateBody } from '../../../shared/drafts';

/** How often the drafts are asked for again while some are still being read. */
export const DRAFTS_POLL_MS = 2000;

export const draftsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDrafts: build.query<Draft[], void>({
      query: () => '/receipts/drafts',
      providesTags: ['Draft'],
    }),
    retryDraft: build.mutation<null, string>({
      query: (id) => ({ url: `/receipts/drafts/${encodeURIComponent(id)}/retry`, method: 'POST' }),
      invalidatesTags: onSuccess(['Draft']),
    }),
    discardDraft: build.mutation<null, string>({
      query: (id) => ({ url: `/receipts/drafts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: onSuccess(['Draft']),
    }),
    /** Reads the draft's photo again with another date order; the draft keeps the date read. */
    readDraftDate: build.mutation<DraftDateAnswer, DraftDateBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/receipts/drafts/${encodeURIComponent(id)}/date`, method: 'POST', body }),
      invalidatesTags: onSuccess(['Draft']),
    }),
  }),
});

export const { useGetDraftsQuery, useRetryDraftMutation, useDiscardDraftMutation, useReadDraftDateMutation } = draftsApi;

/** Whether any draft is still waiting or being read (then the list is asked for again). */
export const someReading = (drafts: readonly Draft[] | undefined) => (drafts ?? []).some((d) => d.status === 'queued' || d.status === 'scanning');

/** The drafts, asked for again every DRAFTS_POLL_MS while some are being read, so states change live. */
export function useLiveDrafts() {
  // What the cache holds decides the polling of the subscription that keeps it fresh.
  const { data: cached } = draftsApi.endpoints.getDrafts.useQueryState();
  return useGetDraftsQuery(undefined, { pollingInterval: someReading(cached) ? DRAFTS_POLL_MS : 0 });
}

/** How many drafts are ready to review (the sidebar's badge). */
export function useReadyDraftCount(): number {
  const { data } = useLiveDrafts();
  return (data ?? []).filter((d) => d.status === 'ready').length;
}
