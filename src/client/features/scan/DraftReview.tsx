import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import EditNoteIcon from '@mui/icons-material/EditNote';
import type { Draft, LikeReceipt } from '../../../shared/drafts';
import type { CategoryWithSpending } from '../../../shared/categories';
import { formatMoney } from '../../ui/money';
import { formatDate } from '../../ui/dates';
import { ScanReviewForm } from './ScanReviewForm';
import { RawTextSection } from './RawTextSection';
import { DRAFT_STATE_LABEL, scanOfDraft } from './draftScan';
import { defaultCategoryId, manualScanForm, proposedCategoryId, scanFormValues, type ScanFormValues } from './scanForm';

export const ALREADY_SAVED = 'This looks like a receipt you already saved';

export interface DraftReviewProps {
  draft: Draft;
  categories: readonly Pick<CategoryWithSpending, '_id' | 'name'>[];
  /** Changes when the person moved on by saving or discarding: the first field then takes the focus. */
  focusKey: number;
  saving: boolean;
  retrying: boolean;
  serverError: string | null;
  onSave: (values: ScanFormValues) => Promise<void>;
  onDiscard: () => void;
  onRetry: () => void;
}

function AlreadySaved({ like }: { like: LikeReceipt }) {
  return (
    <Alert severity="warning" role="status">
      {ALREADY_SAVED}:{' '}
      <Link component={RouterLink} to={`/receipts/${like._id}`} color="inherit">
        {like.store_name}, {formatDate(like.date)}, {formatMoney(like.total_amount)}
      </Link>
      . Discard this one if it is the same receipt.
    </Alert>
  );
}

/** One draft (keyed by its id: another draft starts afresh): its photo beside the fields to check (ready, or typed by hand), or its state while it cannot be reviewed yet. */
export function DraftReview({ draft, categories, focusKey, saving, retrying, serverError, onSave, onDiscard, onRetry }: DraftReviewProps) {
  const [byHand, setByHand] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const scan = scanOfDraft(draft);
  const reviewing = Boolean(scan) || byHand;

  useEffect(() => {
    if (focusKey > 0) box.current?.querySelector<HTMLElement>('input:not([type=hidden]), button')?.focus();
  }, [focusKey, reviewing]);

  const fallback = defaultCategoryId(categories);
  const initial = scan ? scanFormValues(scan.processed_data, proposedCategoryId(scan.suggested_category_id, categories, fallback)) : manualScanForm(fallback);

  return (
    <Box ref={box} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
      <Card>
        <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
          <Box
            component="img"
            src={draft.image_url}
            alt="Photo of the receipt"
            sx={{ display: 'block', width: '100%', maxHeight: { xs: 320, lg: 640 }, objectFit: 'contain', borderRadius: 0.5, bgcolor: 'action.hover' }}
          />
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        {reviewing ? (
          <>
            <ScanReviewForm
              key={String(byHand)}
              initial={initial}
              categories={categories}
              scan={scan}
              saving={saving}
              serverError={serverError}
              onSubmit={onSave}
              onCancel={onDiscard}
              saveLabel="Save and next"
              cancelLabel="Discard"
              guardLeaving={false}
              notice={draft.duplicate_of && <AlreadySaved like={draft.duplicate_of} />}
            />
            <Typography variant="body2" color="text.secondary">
              Enter in a field saves this receipt and opens the next one.
            </Typography>
            {scan && <RawTextSection text={scan.raw_text} />}
          </>
        ) : draft.status === 'failed' ? (
          <Card>
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              <Alert severity="error" role="alert">
                <strong>{DRAFT_STATE_LABEL.failed}.</strong> {draft.error}
              </Alert>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button variant="contained" startIcon={<ReplayIcon />} onClick={onRetry} disabled={retrying}>
                  {retrying ? 'Retrying...' : 'Retry'}
                </Button>
                <Button variant="outlined" startIcon={<EditNoteIcon />} onClick={() => setByHand(true)}>
                  Enter by hand
                </Button>
                <Button color="inherit" onClick={onDiscard}>
                  Discard
                </Button>
              </Box>
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <CircularProgress size={24} aria-hidden />
              <Typography role="status" sx={{ flex: 1 }}>
                {DRAFT_STATE_LABEL[draft.status]} This receipt will be ready in a moment.
              </Typography>
              <Button color="inherit" onClick={onDiscard}>
                Discard
              </Button>
            </CardContent>
          </Card>
        )}
      </Box>
    </Box>
  );
}
