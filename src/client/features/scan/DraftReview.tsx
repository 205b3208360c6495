import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import EditNoteIcon from '@mui/icons-material/EditNote';
import type { Draft } from '../../../shared/drafts';
import type { CategoryWithSpending } from '../../../shared/categories';
import type { DateOrder } from '../../../shared/settings';
import { ScanReviewForm, type ScanReviewActions } from './ScanReviewForm';
import { RawTextSection } from './RawTextSection';
import { ReceiptPhoto } from './ReceiptPhoto';
import { DownloadOriginal, isMailOriginal, isPdfOriginal, MailMessage, PdfPages } from '../../entities/receipts/originalFile';
import { DRAFT_STATE_LABEL, scanOfDraft } from './draftScan';
import { reviewFormValues } from './scanForm';
import { NeedsServer } from '../../ui/NeedsServer';

/** The review form's actions (its cancel discards the draft, after asking), and retrying a draft that failed. */
export interface DraftActions extends ScanReviewActions {
  /** Reads the draft's photo again with another date order; answers the date read (null: none). */
  rereadDate: (order: DateOrder) => Promise<string | null>;
  retry: () => void;
  retrying: boolean;
}

export interface DraftReviewProps {
  draft: Draft;
  categories: readonly Pick<CategoryWithSpending, '_id' | 'name'>[];
  /** Changes when the person moved on by saving or discarding: the first field then takes the focus. */
  focusKey: number;
  actions: DraftActions;
}

/** One draft (keyed by its id: another draft starts afresh): its photo beside the fields to check (ready, or typed by hand), or its state while it cannot be reviewed yet. */
export function DraftReview({ draft, categories, focusKey, actions }: DraftReviewProps) {
  const [byHand, setByHand] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const scan = scanOfDraft(draft);
  const reviewing = Boolean(scan) || byHand;

  useEffect(() => {
    // The first field, never a choice of how to save it: Enter there must not save a second copy.
    if (focusKey === 0) return;
    (box.current?.querySelector<HTMLElement>('input:not([type=hidden])') ?? box.current?.querySelector<HTMLElement>('button'))?.focus();
  }, [focusKey, reviewing]);

  const initial = reviewFormValues(scan, categories);

  return (
    <Box ref={box} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
      <Card>
        <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
          {isMailOriginal(draft.image_url) ? (
            <MailMessage alt="The receipt's e-mail" />
          ) : isPdfOriginal(draft.image_url) ? (
            <PdfPages document={draft.document} alt="The receipt" maxHeight={640} />
          ) : (
            <ReceiptPhoto
              src={draft.image_url}
              alt="Photo of the receipt"
              sx={{ maxHeight: { xs: 320, lg: 640 }, objectFit: 'contain', borderRadius: 0.5, bgcolor: 'action.hover' }}
            />
          )}
          {/* Kept whatever happens to the reading: the file as it arrived. While a form is open the
              link comes after it, so that the Tab key still goes from the photo to the first field. */}
          {!reviewing && (
            <Box sx={{ display: 'grid', mt: 1 }}>
              <DownloadOriginal url={draft.image_url} />
            </Box>
          )}
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
              actions={actions}
              draft={draft}
              saveLabel="Save and next"
              cancelLabel="Discard"
            />
            <Typography variant="body2" color="text.secondary">
              Enter in a field saves this receipt and opens the next one; when it looks like a receipt you saved or imported, Enter takes you to that choice
              first.
            </Typography>
            <Box>
              <DownloadOriginal url={draft.image_url} />
            </Box>
            {scan && <RawTextSection text={scan.raw_text} />}
          </>
        ) : draft.status === 'failed' ? (
          <Card>
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              <Alert severity="error" role="alert">
                <strong>{DRAFT_STATE_LABEL.failed}.</strong> {draft.error}
              </Alert>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {/* A mail is not read again (the API refuses it): what it lacks is not a reading. */}
                {!isMailOriginal(draft.image_url) && (
                  <NeedsServer>
                    <Button variant="contained" startIcon={<ReplayIcon />} onClick={actions.retry} disabled={actions.retrying}>
                      {actions.retrying ? 'Retrying...' : 'Retry'}
                    </Button>
                  </NeedsServer>
                )}
                <Button variant="outlined" startIcon={<EditNoteIcon />} onClick={() => setByHand(true)}>
                  Enter by hand
                </Button>
                <NeedsServer>
                  <Button color="inherit" onClick={actions.cancel}>
                    Discard
                  </Button>
                </NeedsServer>
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
              <NeedsServer>
                <Button color="inherit" onClick={actions.cancel}>
                  Discard
                </Button>
              </NeedsServer>
            </CardContent>
          </Card>
        )}
      </Box>
    </Box>
  );
}
