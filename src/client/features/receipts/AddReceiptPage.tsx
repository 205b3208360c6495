import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ManualCreateBody } from '../../../shared/receipts';
import { FALLBACK_CATEGORY } from '../../../shared/constants/categories';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { failureMessage } from '../../api/failureMessage';
import { useSaveReceiptMutation } from '../../entities/receipts/receiptSave';
import { ReceiptForm } from './ReceiptForm';
import { emptyReceiptForm } from './receiptFormValues';
import { useReceiptCategories } from './useReceiptCategories';

/** Add Transaction: a receipt typed in by hand. */
export default function AddReceiptPage() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { categories, loading } = useReceiptCategories();
  const [saveReceipt, { isLoading: saving }] = useSaveReceiptMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  // Preselect Other, the API's own default, so the choice is visible.
  const initial = useMemo(() => ({ ...emptyReceiptForm(), categoryId: categories.find((c) => c.name === FALLBACK_CATEGORY)?._id ?? '' }), [categories]);

  /** With into_id, the imported bank row the person chose to fill in rather than add a second receipt. */
  const save = async (body: ManualCreateBody) => {
    setServerError(null);
    try {
      const saved = await saveReceipt(body).unwrap();
      dispatch(toastShown('Receipt saved', 'success'));
      navigate(`/receipts/${saved.id}`);
    } catch (err) {
      setServerError(failureMessage('Failed to save receipt', err));
    }
  };

  return (
    <>
      <PageHeader title="Add Transaction" subtitle="Record a purchase by hand." />
      {loading ? (
        <LoadingView label="Loading categories..." />
      ) : (
        <ReceiptForm
          initial={initial}
          categories={categories}
          submitLabel="Save Receipt"
          saving={saving}
          serverError={serverError}
          onSubmit={save}
          onCancel={() => navigate('/receipts')}
          checkSame
        />
      )}
    </>
  );
}
