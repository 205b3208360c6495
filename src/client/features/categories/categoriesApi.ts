import { onSuccess } from '../../api/api';
import { categoryListApi } from '../../entities/categories/categoryList';
import type { Category, CategoryInput } from '../../../shared/categories';

/** Views a category change can alter: names and colours show on receipts, dashboard and analytics. */
const CATEGORY_CHANGE = ['Category', 'Receipt', 'Dashboard', 'Analytics'] as const;

/** The category changes, on top of the shared list query (ui/categoryList). */
export const categoriesApi = categoryListApi.injectEndpoints({
  endpoints: (build) => ({
    createCategory: build.mutation<Category, CategoryInput>({
      query: (body) => ({ url: '/categories', method: 'POST', body }),
      invalidatesTags: onSuccess(CATEGORY_CHANGE),
    }),
    updateCategory: build.mutation<Category, { id: string; body: CategoryInput }>({
      query: ({ id, body }) => ({ url: `/categories/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: onSuccess(CATEGORY_CHANGE),
    }),
    deleteCategory: build.mutation<void, string>({
      query: (id) => ({ url: `/categories/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: onSuccess(CATEGORY_CHANGE),
    }),
  }),
});

export const { useGetCategoriesQuery, useCreateCategoryMutation, useUpdateCategoryMutation, useDeleteCategoryMutation } = categoriesApi;
