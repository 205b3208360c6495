import { useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box } from '@mui/material';
import { errorMessage } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../app/uiSlice';
import { PageHeader } from '../../ui/PageHeader';
import { useGetCategoriesQuery } from '../../ui/categoryList';
import { ImagePanel } from './ImagePanel';
import { RawTextSection } from './RawTextSection';
import { ScanReviewForm } from './ScanReviewForm';
import { isImageFile, NOT_AN_IMAGE, prepareUpload } from './imageUpload';
import { useSaveScannedReceiptMutation, useScanReceiptMutation } from './scanApi';
import { defaultCategoryId, manualScanForm, scanFormValues, toScanPayload, type ScanFormValues } from './scanForm';
import { initialScanFlow, scanFlowReducer } from './scanFlow';

/** Spec §8 fallbacks when the server gives no message. */
export const SCAN_FAILED = 'Failed to scan receipt';
export const SAVE_FAILED = 'Failed to save receipt';

/** /receipts/scan: choose a receipt picture, scan it, review the result, save. */
export default function ScanReceiptPage() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [flow, send] = useReducer(scanFlowReducer, initialScanFlow);
  const { data: categories = [] } = useGetCategoriesQuery();
  const [scanReceipt] = useScanReceiptMutation();
  const [saveReceipt, { isLoading: saving }] = useSaveScannedReceiptMutation();
  const [saveError, setSaveError] = useState<string | null>(null);
  const nextImageId = useRef(1);

  const choose = async (file: File) => {
    if (!isImageFile(file)) {
      send({ type: 'imageRejected', message: NOT_AN_IMAGE });
      return;
    }
    send({ type: 'preparing' });
    try {
      const dataUrl = await prepareUpload(file);
      send({ type: 'imageChosen', image: { id: nextImageId.current++, name: file.name, dataUrl } });
    } catch {
      send({ type: 'imageRejected', message: 'This file could not be read. Please choose another image.' });
    }
  };

  const scan = async () => {
    if (flow.step !== 'chosen') return;
    const { image } = flow;
    send({ type: 'scanStarted' });
    try {
      const result = await scanReceipt({ image_data: image.dataUrl }).unwrap();
      send({ type: 'scanSucceeded', imageId: image.id, result });
    } catch (err) {
      send({ type: 'scanFailed', imageId: image.id, message: errorMessage(err, SCAN_FAILED) });
    }
  };

  const save = async (values: ScanFormValues) => {
    if (flow.step !== 'review') return;
    setSaveError(null);
    try {
      await saveReceipt(toScanPayload(values, flow.image.dataUrl)).unwrap();
      dispatch(toastShown('Receipt saved', 'success'));
      navigate('/receipts');
    } catch (err) {
      setSaveError(errorMessage(err, SAVE_FAILED));
    }
  };

  const cancel = () => {
    setSaveError(null);
    send({ type: 'cleared' });
  };

  const categoryId = defaultCategoryId(categories);
  const review = flow.step === 'review' ? flow : null;
  // Read once when the form mounts (one form per image), so later refetches never reset typing.
  const initialValues = review && (review.result ? scanFormValues(review.result.processed_data, categoryId) : manualScanForm(categoryId));

  return (
    <>
      <PageHeader title="Scan Receipt" subtitle="Choose a photo or scan of a receipt, scan it, then check what was read and save it." />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
        <ImagePanel
          flow={flow}
          onFile={(file) => void choose(file)}
          onScan={() => void scan()}
          onManualEntry={() => send({ type: 'manualEntryStarted' })}
          onCancel={cancel}
        />
        {review && initialValues && (
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <ScanReviewForm
              key={review.image.id}
              initial={initialValues}
              categories={categories}
              scanned={review.result !== null}
              saving={saving}
              serverError={saveError}
              onSubmit={(values) => void save(values)}
              onCancel={cancel}
            />
            {review.result && <RawTextSection text={review.result.raw_text} />}
          </Box>
        )}
      </Box>
    </>
  );
}
