import { api, onSuccess } from '../../api/api';
import type { RecurringSeries, RecurringUpdate } from '../../../shared/recurring';

/** A confirmed bill, its amount and its interval feed the dashboard's forecast; confirming one due soon tells of it at once. */
const SERIES_CHANGE = ['Recurring', 'Dashboard', 'Notification', 'NotificationCount'] as const;

export const recurringApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every series found in the person's receipts, whatever its status. */
    getRecurring: build.query<RecurringSeries[], void>({
      query: () => '/recurring',
      providesTags: ['Recurring'],
    }),
    /** Confirm, dismiss, bring back, or change the amount or interval of one series. */
    updateRecurring: build.mutation<RecurringSeries, { id: string; body: RecurringUpdate }>({
      query: ({ id, body }) => ({ url: `/recurring/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: onSuccess(SERIES_CHANGE),
    }),
  }),
});

export const { useGetRecurringQuery, useUpdateRecurringMutation } = recurringApi;
