import { api } from '../../api/api';
import { userTimeZone } from '../../ui/dates';
import type { CategoryWithSpending } from '../../../shared/categories';

/**
 * The user's categories, read by the categories, receipts and scan screens alike; it lives below
 * the features so none of them imports another. The categories feature adds its changes on top.
 */
export const categoryListApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The user's categories with this month's spending (the month of the viewer's calendar). */
    getCategories: build.query<CategoryWithSpending[], void>({
      query: () => ({ url: '/categories', params: { tz: userTimeZone() } }),
      providesTags: (list) => [{ type: 'Category', id: 'LIST' }, ...(list ?? []).map((c) => ({ type: 'Category' as const, id: c._id }))],
    }),
  }),
});

export const { useGetCategoriesQuery } = categoryListApi;
