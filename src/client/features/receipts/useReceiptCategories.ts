import { useGetCategoriesQuery } from '../../entities/categories/categoryList';

/** The categories the receipt form offers; the form still works (without a choice) if they fail to load. */
export function useReceiptCategories() {
  const { data, isLoading } = useGetCategoriesQuery();
  return { categories: data ?? [], loading: isLoading };
}
