import { api } from '../../api/api';
import { userTimeZone } from '../../ui/dates';
import type { Category, CategoryInput, CategoryWithSpending } from '../../../shared/categories';

/** Views a category change can alter: names and colours show on receipts, dashboard and analytics. */
const CATEGORY_CHANGE = ['Category', 'Receipt', 'Dashboard', 'Analytics'] as const;

export const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The user's categories with this month's spending (the month of the viewer's calendar). */
    getCategories: build.query<CategoryWithSpending[], void>({
      query: () => ({ url: '/categories', params: { tz: userTimeZone() } }),
      providesTags: (list) => [{ type: 'Category', id: 'LIST' }, ...(list ?? []).map((c) => ({ type: 'Category' as const, id: c._id }))],
    }),
    createCategory: build.mutation<Category, CategoryInput>({
      query: (body) => ({ url: '/categories', method: 'POST', body }),
      invalidatesTags: [...CATEGORY_CHANGE],
    }),
    updateCategory: build.mutation<Category, { id: string; body: CategoryInput }>({
      query: ({ id, body }) => ({ url: `/categories/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [...CATEGORY_CHANGE],
    }),
    deleteCategory: build.mutation<void, string>({
      query: (id) => ({ url: `/categories/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [...CATEGORY_CHANGE],
    }),
  }),
});

export const { useGetCategoriesQuery, useCreateCategoryMutation, useUpdateCategoryMutation, useDeleteCategoryMutation } = categoriesApi;
