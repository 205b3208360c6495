import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { UnsavedChangesGuard } from './useUnsavedChangesGuard';

export const DISCARD_TITLE = 'Discard changes?';
export const DISCARD_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

/** The question an edited form asks before a navigation takes its edits away. Stay is the safe default. */
export function UnsavedChangesDialog({ guard }: { guard: Pick<UnsavedChangesGuard, 'asking' | 'stay' | 'leave'> }) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={guard.asking} onClose={guard.stay} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{DISCARD_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{DISCARD_MESSAGE}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={guard.stay} autoFocus>
          Stay
        </Button>
        <Button onClick={guard.leave} color="error">
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
