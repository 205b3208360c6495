import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CategoryIcon from '@mui/icons-material/Category';
import type { CategoryInput, CategoryWithSpending } from '../../../shared/categories';
import { FALLBACK_CATEGORY } from '../../../shared/constants/categories';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { failureMessage } from '../../api/failureMessage';
import { useCreateCategoryMutation, useDeleteCategoryMutation, useGetCategoriesQuery, useUpdateCategoryMutation } from './categoriesApi';
import { CategoryCard } from './CategoryCard';
import { CategoryDialog } from './CategoryDialog';
import { categoryFormValues, newCategoryForm } from './categoryForm';
import { deleteCategoryMessage, isFallbackCategory } from './selectors';

type DialogState = { mode: 'new' } | { mode: 'edit'; category: CategoryWithSpending };

export default function CategoriesPage() {
  const dispatch = useAppDispatch();
  const { data: categories, isLoading, isError, refetch } = useGetCategoriesQuery();
  const [createCategory, createState] = useCreateCategoryMutation();
  const [updateCategory, updateState] = useUpdateCategoryMutation();
  const [deleteCategory, deleteState] = useDeleteCategoryMutation();

  const [dialog, setDialog] = useState<DialogState | null>(null);
  // Kept after closing so the dialog does not change its title while it fades out.
  const [lastDialog, setLastDialog] = useState<DialogState>({ mode: 'new' });
  const [saveError, setSaveError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<CategoryWithSpending | null>(null);
  // Kept after closing so the confirmation keeps its title while it fades out.
  const [lastToDelete, setLastToDelete] = useState<CategoryWithSpending | null>(null);
  const askDelete = (category: CategoryWithSpending) => {
    setToDelete(category);
    setLastToDelete(category);
  };

  const shown = dialog ?? lastDialog;
  const initial = useMemo(() => (shown.mode === 'edit' ? categoryFormValues(shown.category) : newCategoryForm(categories ?? [])), [shown, categories]);

  const openDialog = (state: DialogState) => {
    setSaveError(null);
    setDialog(state);
    setLastDialog(state);
  };

  const save = async (input: CategoryInput) => {
    if (!dialog) return;
    setSaveError(null);
    try {
      if (dialog.mode === 'new') {
        await createCategory(input).unwrap();
        dispatch(toastShown('Category created successfully', 'success'));
      } else {
        await updateCategory({ id: dialog.category._id, body: input }).unwrap();
        dispatch(toastShown('Category updated successfully', 'success'));
      }
      setDialog(null);
    } catch (err) {
      setSaveError(failureMessage(dialog.mode === 'new' ? 'Failed to create category' : 'Failed to update category', err));
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteCategory(toDelete._id).unwrap();
      dispatch(toastShown('Category deleted successfully', 'success'));
    } catch (err) {
      dispatch(toastShown(failureMessage('Failed to delete category', err), 'error'));
    }
    setToDelete(null);
  };

  return (
    <>
      <PageHeader
        title="Categories"
        subtitle="Group your spending and give each category a monthly budget."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog({ mode: 'new' })}>
            Add Category
          </Button>
        }
      />
      {isLoading ? (
        <LoadingView label="Loading categories..." />
      ) : isError || !categories ? (
        <ErrorState message="Failed to load categories" onRetry={() => void refetch()} />
      ) : categories.length === 0 ? (
        <EmptyState icon={<CategoryIcon />} message="You have no categories yet." />
      ) : (
        <Box
          component="ul"
          aria-label="Categories"
          sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
        >
          {categories.map((category) => (
            <CategoryCard key={category._id} category={category} onEdit={() => openDialog({ mode: 'edit', category })} onDelete={() => askDelete(category)} />
          ))}
        </Box>
      )}

      <CategoryDialog
        open={dialog !== null}
        mode={shown.mode}
        initial={initial}
        saving={createState.isLoading || updateState.isLoading}
        error={saveError}
        onSave={(input) => void save(input)}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete ${lastToDelete?.name ?? 'category'}?`}
        message={deleteCategoryMessage(lastToDelete, categories?.find(isFallbackCategory)?.name ?? FALLBACK_CATEGORY)}
        busy={deleteState.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
