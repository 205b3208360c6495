import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Checkbox, CircularProgress, FormControlLabel, Link, Typography } from '@mui/material';
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
  /** `intoId`: the imported bank row's receipt this scan fills in, instead of adding another. */
  onSave: (values: ScanFormValues, intoId?: string) => Promise<void>;
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

export const BANK_ROW_MATCH = 'This looks like the receipt of a bank row you imported';

function BankRowMatch({ like, fill, onFill }: { like: LikeReceipt; fill: boolean; onFill: (fill: boolean) => void }) {
  return (
    <Alert severity="info" role="status">
      {BANK_ROW_MATCH}:{' '}
      <Link component={RouterLink} to={`/receipts/${like._id}`} color="inherit">
        {like.store_name}, {formatDate(like.date)}, {formatMoney(like.total_amount)}
      </Link>
      .
      <FormControlLabel
        sx={{ display: 'flex', mt: 1 }}
        control={<Checkbox checked={fill} onChange={(e) => onFill(e.target.checked)} />}
        label="Save this scan into that row (no second receipt)"
      />
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

  const like = draft.duplicate_of;
  const bankRow = like?.imported ? like : null;
  const [fillBankRow, setFillBankRow] = useState(true);
  const fallback = defaultCategoryId(categories);
  const initial = scan
    ? scanFormValues(scan.processed_data, proposedCategoryId(scan.suggested_category_id, categories, fallback), scan.currency)
    : manualScanForm(fallback);

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
              onSubmit={(values) => onSave(values, bankRow && fillBankRow ? bankRow._id : undefined)}
              onCancel={onDiscard}
              saveLabel="Save and next"
              cancelLabel="Discard"
              guardLeaving={false}
              notice={bankRow ? <BankRowMatch like={bankRow} fill={fillBankRow} onFill={setFillBankRow} /> : like && <AlreadySaved like={like} />}
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
