import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Typography } from '@mui/material';
import type { ManualReceiptBody } from '../../../shared/receipts';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { failureMessage, isNotFound } from '../../api/failureMessage';
import { useGetReceiptQuery, useUpdateReceiptMutation } from './receiptsApi';
import { ReceiptForm } from './ReceiptForm';
import { receiptFormValues } from './receiptFormValues';
import { useReceiptCategories } from './useReceiptCategories';
import { LinkButton } from '../../ui/LinkButton';

export default function EditReceiptPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { data: receipt, error, isLoading, refetch } = useGetReceiptQuery(id);
  const { categories, loading } = useReceiptCategories();
  const [updateReceipt, { isLoading: saving }] = useUpdateReceiptMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const initial = useMemo(() => (receipt ? receiptFormValues(receipt) : null), [receipt]);

  const save = async (body: ManualReceiptBody) => {
    setServerError(null);
    try {
      await updateReceipt({ id, body }).unwrap();
      dispatch(toastShown('Receipt updated', 'success'));
      navigate(`/receipts/${id}`);
    } catch (err) {
      setServerError(failureMessage('Failed to save receipt', err));
    }
  };

  if (isLoading || loading) return <LoadingView label="Loading receipt..." />;
  if (error || !receipt || !initial) {
    return (
      <>
        <PageHeader title={isNotFound(error) ? 'Receipt not found' : 'Edit Receipt'} />
        {isNotFound(error) ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            This receipt does not exist or was deleted.
          </Typography>
        ) : (
          <ErrorState message="Failed to fetch receipt" onRetry={() => void refetch()} />
        )}
        <LinkButton to="/receipts" sx={{ mt: 2 }}>
          Back to receipts
        </LinkButton>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Edit Receipt" subtitle={receipt.store} />
      {/* Keyed by id: a different receipt starts a fresh form. */}
      <ReceiptForm
        key={receipt.id}
        initial={initial}
        categories={categories}
        currentCategoryName={receipt.category}
        submitLabel="Save Changes"
        saving={saving}
        serverError={serverError}
        onSubmit={save}
        onCancel={() => navigate(`/receipts/${id}`)}
      />
    </>
  );
}
