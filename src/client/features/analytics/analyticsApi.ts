import { api, type ApiError } from '../../api/api';
import type { AnalyticsBreakdown, AnalyticsRange, AnalyticsSeries } from '../../../shared/analytics';

/** One cache entry per range and zone: switching back to a range shows its answer at once. */
export interface AnalyticsArgs {
  range: AnalyticsRange;
  /** The zone deciding which calendar day "today" is on the server (see userTimeZone). */
  tz: string;
}

/** Spec §8: an HTTP failure reads 'Failed to fetch analytics: ' plus the status code. */
export function analyticsError(error: ApiError): ApiError {
  return typeof error.status === 'number' ? { status: error.status, message: `Failed to fetch analytics: ${error.status}` } : error;
}

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAnalytics: build.query<AnalyticsSeries, AnalyticsArgs>({
      query: ({ range, tz }) => ({ url: '/api/analytics', params: { range, tz } }),
      transformErrorResponse: analyticsError,
      providesTags: ['Analytics'],
    }),
    getAnalyticsBreakdown: build.query<AnalyticsBreakdown, AnalyticsArgs>({
      query: ({ range, tz }) => ({ url: '/api/analytics/breakdown', params: { range, tz } }),
      transformErrorResponse: analyticsError,
      providesTags: ['Analytics'],
    }),
  }),
});

export const { useGetAnalyticsQuery, useGetAnalyticsBreakdownQuery } = analyticsApi;
