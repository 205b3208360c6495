import { useId, type KeyboardEvent } from 'react';
import { Box, ButtonBase, Typography, type Theme } from '@mui/material';
import type { Draft } from '../../../shared/drafts';
import { formatMoney } from '../../ui/money';
import { DRAFT_STATE_LABEL } from './draftScan';
import { scanCurrency } from './scanForm';
import { visuallyHidden } from '../../ui/SignedAmount';
import { isMailOriginal, isPdfOriginal, MAIL_THUMBNAIL, PDF_THUMBNAIL } from '../../entities/receipts/originalFile';

/** A state's colour, in the shade that keeps small text readable on either theme's background. */
function stateColor(status: Draft['status'], theme: Theme): string {
  const tone = theme.palette.mode === 'dark' ? 'light' : 'dark';
  if (status === 'ready') return theme.palette.success[tone];
  if (status === 'failed') return theme.palette.error[tone];
  return theme.palette.text.secondary;
}

/** What a draft shows in the list: the store and total once read, the total in the currency printed on it (as its review form reads it). */
function titleOf(draft: Draft, index: number): string {
  const read = draft.processed_data;
  if (!read) return `Receipt ${index + 1}`;
  const total = read.total_amount === null ? '' : ` · ${formatMoney(read.total_amount, scanCurrency(draft.currency))}`;
  return `${read.store_name || 'Unknown store'}${total}`;
}

/** Where an arrow key (or Home, End) moves the focus in a list of `count`, round at the ends; null for other keys. */
function movedTo(key: string, from: number, count: number): number | null {
  if (key === 'ArrowDown' || key === 'ArrowRight') return (from + 1) % count;
  if (key === 'ArrowUp' || key === 'ArrowLeft') return (from - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The drafts, each with its photo and state; the current one is marked. A row on a phone (it
 * scrolls sideways), a column beside the review on a wide screen. One stop of the Tab key (the
 * current draft), the arrow keys move between them: with fifteen photos, the form would
 * otherwise be fifteen Tabs away.
 */
export function DraftList({ drafts, currentId, onSelect }: { drafts: readonly Draft[]; currentId: string | null; onSelect: (id: string) => void }) {
  const hintId = useId();
  const tabStop = Math.max(
    drafts.findIndex((d) => d._id === currentId),
    0,
  );
  const move = (e: KeyboardEvent<HTMLElement>) => {
    const buttons = [...e.currentTarget.querySelectorAll<HTMLElement>(':scope > li > button')];
    const from = buttons.findIndex((b) => b === document.activeElement);
    const to = from < 0 ? null : movedTo(e.key, from, buttons.length);
    if (to === null) return;
    e.preventDefault();
    buttons[to].focus();
  };
  return (
    // Relative: the hint for screen readers stays inside (placed absolutely, it would widen a phone's page).
    <Box sx={{ minWidth: 0, position: 'relative' }}>
      <Box
        component="ul"
        aria-label="Receipts to review"
        onKeyDown={move}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          flexDirection: { xs: 'row', md: 'column' },
          gap: 1,
          overflowX: { xs: 'auto', md: 'visible' },
          pb: { xs: 1, md: 0 },
        }}
      >
        {drafts.map((draft, i) => {
          const current = draft._id === currentId;
          return (
            <Box component="li" key={draft._id} sx={{ flex: { xs: '0 0 200px', md: 'none' } }}>
              <ButtonBase
                tabIndex={i === tabStop ? 0 : -1}
                onClick={() => onSelect(draft._id)}
                aria-current={current ? 'true' : undefined}
                aria-describedby={i === tabStop && drafts.length > 1 ? hintId : undefined}
                sx={{
                  width: '100%',
                  display: 'grid',
                  gridTemplateColumns: '48px minmax(0, 1fr)',
                  gap: 1.5,
                  alignItems: 'center',
                  textAlign: 'left',
                  p: 1,
                  borderRadius: 1,
                  border: 1,
                  borderColor: current ? 'primary.main' : 'divider',
                  bgcolor: current ? 'action.selected' : 'background.paper',
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
                }}
              >
                <Box
                  component="img"
                  src={
                    isMailOriginal(draft.image_url)
                      ? MAIL_THUMBNAIL
                      : isPdfOriginal(draft.image_url)
                        ? (draft.document?.preview ?? PDF_THUMBNAIL)
                        : draft.image_url
                  }
                  alt=""
                  sx={{ width: 48, height: 64, objectFit: 'cover', borderRadius: 0.5, bgcolor: 'action.hover' }}
                />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: current ? 600 : 400 }}>
                    {titleOf(draft, drafts.length - 1 - i)}
                  </Typography>
                  <Typography variant="caption" sx={{ color: (theme) => stateColor(draft.status, theme) }} data-testid="draft-state">
                    {DRAFT_STATE_LABEL[draft.status]}
                  </Typography>
                </Box>
              </ButtonBase>
            </Box>
          );
        })}
      </Box>
      {drafts.length > 1 && (
        <Box component="span" id={hintId} sx={visuallyHidden}>
          The arrow keys move between the receipts.
        </Box>
      )}
    </Box>
  );
}
