import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import type { Receipt } from '../../../shared/receipts';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { formatDate } from '../../ui/dates';
import { formatMoney } from '../../ui/money';
import { isNotFound } from '../../api/failureMessage';
import { useDeleteReceiptMutation, useGetReceiptQuery } from './receiptsApi';
import { ReceiptItems } from './ReceiptItems';
import { PriceNotes } from './PriceNotes';
import { receiptAmountText, receiptRateText } from './receiptMoney';
import { ImportedChip } from './ImportedChip';
import { DownloadOriginal, isMailOriginal, isPdfOriginal, MailMessage, PdfPages } from '../../entities/receipts/originalFile';
import { LinkButton } from '../../ui/LinkButton';
import { NeedsServer } from '../../ui/NeedsServer';

function BackLink() {
  return (
    <LinkButton to="/receipts" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      Back to receipts
    </LinkButton>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const rate = receiptRateText(receipt);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: receipt.imageUrl ? '2fr 1fr' : '1fr' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <Card component="section" aria-labelledby="receipt-details-heading">
          <CardContent>
            <Typography id="receipt-details-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
              Details
              <ImportedChip receipt={receipt} />
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' } }}>
              <Fact label="Amount" value={receiptAmountText(receipt)} />
              {rate && <Fact label="Rate" value={rate} />}
              <Fact label="Date" value={formatDate(receipt.date)} />
              <Fact label="Category" value={receipt.category} />
              <Fact label="Payment method" value={receipt.paymentMethod || 'Not specified'} />
              <Fact label="Tax" value={receipt.tax === null ? 'Not specified' : formatMoney(receipt.tax, receipt.currency)} />
              {receipt.return_by && <Fact label="Return by" value={formatDate(receipt.return_by)} />}
              {receipt.warranty_until && <Fact label="Warranty until" value={formatDate(receipt.warranty_until)} />}
            </Box>
            {receipt.description && (
              <Box component="dl" sx={{ m: 0, mt: 2 }}>
                <Fact label="Description" value={receipt.description} />
              </Box>
            )}
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="receipt-items-heading">
          <CardContent>
            <Typography id="receipt-items-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
              Items
            </Typography>
            {receipt.items.length === 0 ? (
              <Typography color="text.secondary">No items listed.</Typography>
            ) : (
              <ReceiptItems items={receipt.items} labelledBy="receipt-items-heading" currency={receipt.currency} />
            )}
            <PriceNotes receiptId={receipt.id} />
          </CardContent>
        </Card>
      </Box>
      {receipt.imageUrl && (
        <Card component="section" aria-labelledby="receipt-image-heading">
          <CardContent>
            <Typography id="receipt-image-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
              Receipt image
            </Typography>
            {isMailOriginal(receipt.imageUrl) ? (
              <MailMessage alt={`Receipt from ${receipt.store} (e-mail)`} />
            ) : isPdfOriginal(receipt.imageUrl) ? (
              <PdfPages document={receipt.document} alt={`The receipt from ${receipt.store} (PDF)`} />
            ) : (
              <Box
                component="img"
                src={receipt.imageUrl}
                alt={`Receipt from ${receipt.store}`}
                sx={{ width: '100%', height: 'auto', borderRadius: 1, display: 'block' }}
              />
            )}
            <Box sx={{ display: 'grid', mt: 1.5 }}>
              <DownloadOriginal url={receipt.imageUrl} />
            </Box>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

export default function ReceiptDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { data: receipt, error, isLoading, refetch } = useGetReceiptQuery(id);
  const [deleteReceipt, { isLoading: deleting }] = useDeleteReceiptMutation();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // Once deleted, the refetch of this id answers 404: keep showing "deleting" until we leave.
  const [deleted, setDeleted] = useState(false);

  const confirmDelete = async () => {
    setDeleteError(null);
    try {
      await deleteReceipt(id).unwrap();
      setDeleted(true);
      dispatch(toastShown('Receipt deleted', 'success'));
      navigate('/receipts', { replace: true });
    } catch {
      setDeleteError('Failed to delete receipt');
    }
  };

  if (deleted) return <LoadingView label="Deleting..." />;
  if (isLoading) return <LoadingView label="Loading receipt..." />;
  // A receipt already shown stays shown when only a later refetch fails; a 404 means it is gone.
  if (!receipt || isNotFound(error)) {
    return (
      <>
        <BackLink />
        <PageHeader title={isNotFound(error) ? 'Receipt not found' : 'Receipt'} />
        {isNotFound(error) ? (
          <Typography color="text.secondary">This receipt does not exist or was deleted.</Typography>
        ) : (
          <ErrorState message="Failed to fetch receipt" onRetry={() => void refetch()} />
        )}
      </>
    );
  }

  return (
    <>
      <BackLink />
      <PageHeader
        title={receipt.store}
        subtitle={`${formatDate(receipt.date)} · ${receiptAmountText(receipt)}`}
        actions={
          <>
            <LinkButton to={`/receipts/${receipt.id}/edit`} variant="outlined" startIcon={<EditIcon />}>
              Edit
            </LinkButton>
            <NeedsServer>
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => {
                  setDeleteError(null);
                  setConfirmOpen(true);
                }}
              >
                Delete
              </Button>
            </NeedsServer>
          </>
        }
      />
      <ReceiptView receipt={receipt} />
      <ConfirmDialog
        open={confirmOpen}
        title="Delete receipt?"
        message="Are you sure you want to delete this receipt? This action cannot be undone."
        busy={deleting}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirmOpen(false)}
      />
    </>
  );
}
