import { useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box } from '@mui/material';
import { errorMessage } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { PageHeader } from '../../ui/PageHeader';
import { useGetCategoriesQuery } from '../../entities/categories/categoryList';
import { ImagePanel } from './ImagePanel';
import { BulkUploadPanel } from './BulkUploadPanel';
import { useBulkUpload } from './useBulkUpload';
import { OutboxPanel } from './outbox/OutboxPanel';
import { RawTextSection } from './RawTextSection';
import { ScanReviewForm } from './ScanReviewForm';
import { isImageFile, NOT_AN_IMAGE, prepareUpload } from './imageUpload';
import { SCAN_FAILED, useScanReceiptMutation } from './scanApi';
import { useSaveReceiptMutation } from '../../entities/receipts/receiptSave';
import { reviewFormValues, toScanPayload, type ScanFormValues } from './scanForm';
import { initialScanFlow, scanFlowReducer, type ChosenImage } from './scanFlow';
import type { DateOrder } from '../../../shared/settings';
import { MAX_OCR_TEXT } from '../../../shared/constants/receipts';

/** Spec §8 fallbacks when the server gives no message. */
export { SCAN_FAILED };
export const SAVE_FAILED = 'Failed to save receipt';
export const UNREADABLE_NOT_KEPT = 'This picture could not be read, so it will not be kept with the receipt.';

/** /receipts/scan: choose a receipt picture, scan it, review the result, save. */
export default function ScanReceiptPage() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [flow, send] = useReducer(scanFlowReducer, initialScanFlow);
  const { data: categories = [] } = useGetCategoriesQuery();
  const [scanReceipt] = useScanReceiptMutation();
  const [saveReceipt, { isLoading: saving }] = useSaveReceiptMutation();
  const [saveError, setSaveError] = useState<string | null>(null);
  const nextImageId = useRef(1);
  // The choice being prepared or scanned; Cancel or a new choice makes older work stale.
  const currentChoice = useRef(0);
  const pendingScan = useRef<{ abort: () => void } | null>(null);
  const reviewBox = useRef<HTMLDivElement>(null);
  const bulk = useBulkUpload();

  const runScan = async (image: ChosenImage) => {
    send({ type: 'scanStarted' });
    const request = scanReceipt({ image_data: image.dataUrl });
    pendingScan.current = request;
    try {
      const result = await request.unwrap();
      send({ type: 'scanSucceeded', imageId: image.id, result });
    } catch (err) {
      // A 400 means the picture itself cannot be read (not the scanner failing): it cannot be kept either.
      const unreadable = (err as { status?: unknown } | null)?.status === 400;
      send({ type: 'scanFailed', imageId: image.id, message: errorMessage(err, SCAN_FAILED), unreadable });
    } finally {
      if (pendingScan.current === request) pendingScan.current = null;
    }
  };

  /** Scanning starts as soon as the photo is ready: choosing it is the intent to scan. */
  const choose = async (file: File) => {
    if (!isImageFile(file)) {
      send({ type: 'imageRejected', message: NOT_AN_IMAGE });
      return;
    }
    const choice = ++currentChoice.current;
    pendingScan.current?.abort();
    send({ type: 'preparing' });
    let image: ChosenImage;
    try {
      image = { id: nextImageId.current++, name: file.name, dataUrl: await prepareUpload(file) };
    } catch {
      if (choice === currentChoice.current) send({ type: 'imageRejected', message: 'This file could not be read. Please choose another image.' });
      return;
    }
    if (choice !== currentChoice.current) return;
    send({ type: 'imageChosen', image });
    await runScan(image);
  };

  /** The same image read again with another date order; only its date is used. */
  const rereadDate = async (order: DateOrder): Promise<string | null> => {
    if (flow.step !== 'review') return null;
    try {
      const result = await scanReceipt({ image_data: flow.image.dataUrl, date_order: order }).unwrap();
      return result.processed_data.date;
    } catch (err) {
      throw new Error(errorMessage(err, SCAN_FAILED));
    }
  };

  const save = async (values: ScanFormValues, intoId?: string) => {
    if (flow.step !== 'review') return;
    setSaveError(null);
    try {
      const payload = toScanPayload(values, flow.keepImage ? flow.image.dataUrl : null, flow.result?.scan_ref, flow.result?.read_id);
      // The imported bank row the person chose to fill in with this receipt, rather than count it twice.
      if (intoId) payload.into_id = intoId;
      // The text read off it is kept with the receipt, so search finds any word printed on it.
      if (flow.result?.raw_text.trim()) payload.ocr_text = flow.result.raw_text.slice(0, MAX_OCR_TEXT);
      await saveReceipt(payload).unwrap();
      dispatch(toastShown('Receipt saved', 'success'));
      navigate('/receipts');
    } catch (err) {
      setSaveError(errorMessage(err, SAVE_FAILED));
    }
  };

  const cancel = () => {
    currentChoice.current++;
    pendingScan.current?.abort();
    pendingScan.current = null;
    setSaveError(null);
    send({ type: 'cleared' });
  };

  const review = flow.step === 'review' ? flow : null;
  // Read once when the form mounts (one form per image), so later refetches never reset typing.
  const initialValues = review && reviewFormValues(review.result, categories);

  // When the results arrive, move to them (on a phone they are below the image) and focus their heading.
  const reviewKey = review?.image.id;
  useEffect(() => {
    const box = reviewBox.current;
    if (reviewKey === undefined || !box) return;
    box.querySelector<HTMLElement>('#scan-review-heading')?.focus({ preventScroll: true });
    const top = box.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 2) box.scrollIntoView({ block: 'start' });
  }, [reviewKey]);

  if (bulk.items.length > 0) {
    return (
      <>
        <PageHeader title="Scan Receipt" subtitle="Your photos are read in the background; review them one after another when they are ready." />
        <Box sx={{ display: 'grid', gap: 3 }}>
          <BulkUploadPanel upload={bulk} onMore={bulk.clear} />
          <OutboxPanel />
        </Box>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Scan Receipt" subtitle="Choose a photo or scan of a receipt, scan it, then check what was read and save it." />
      <OutboxPanel sx={{ mb: 3 }} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
        <ImagePanel
          flow={flow}
          // Offline, one photo cannot be scanned either: it goes up (or into the outbox) as a draft.
          onFiles={(files) => (files.length === 1 && navigator.onLine ? void choose(files[0]) : bulk.start(files))}
          onScan={() => flow.step === 'chosen' && void runScan(flow.image)}
          onManualEntry={() => send({ type: 'manualEntryStarted' })}
          onCancel={cancel}
        />
        {review && initialValues && (
          <Box ref={reviewBox} sx={{ display: 'grid', gap: 2, minWidth: 0, scrollMarginTop: { xs: 64, sm: 72 } }}>
            {!review.keepImage && <Alert severity="info">{UNREADABLE_NOT_KEPT}</Alert>}
            <ScanReviewForm
              key={review.image.id}
              initial={initialValues}
              categories={categories}
              scan={review.result}
              actions={{ save, cancel, rereadDate, saving, saveError }}
              imageKept={review.keepImage}
            />
            {review.result && <RawTextSection text={review.result.raw_text} />}
          </Box>
        )}
      </Box>
    </>
  );
}
