import { api, onSuccess } from '../../api/api';
import { dashboardRequest } from './dashboardRequest';
import type { BudgetAnswer, BudgetBody, Dashboard } from '../../../shared/dashboard';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Budget, this month's spending (the viewer's calendar month) and the newest transactions. */
    getDashboard: build.query<Dashboard, void>({
      query: dashboardRequest,
      providesTags: ['Dashboard'],
    }),
    /** The budget lives in the profile; the server may notify about it. */
    setBudget: build.mutation<BudgetAnswer, BudgetBody>({
      query: (body) => ({ url: '/dashboard/budget', method: 'POST', body }),
      invalidatesTags: onSuccess(['Dashboard', 'Profile', 'Notification', 'NotificationCount']),
    }),
  }),
});

export const { useGetDashboardQuery, useSetBudgetMutation } = dashboardApi;
