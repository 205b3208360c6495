import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export const DISCARD_TITLE = 'Discard changes?';
export const DISCARD_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

export interface UnsavedChangesQuestion {
  /** A navigation is waiting for the person's answer. */
  asking: boolean;
  /** Keeps the edits: the navigation is dropped. */
  stay: () => void;
  /** Drops the edits: the navigation goes ahead. */
  leave: () => void;
}

/** The question asked before a navigation takes a form's edits away. Stay is the safe default. */
export function UnsavedChangesDialog({ asking, stay, leave }: UnsavedChangesQuestion) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={asking} onClose={stay} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{DISCARD_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{DISCARD_MESSAGE}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={stay} autoFocus>
          Stay
        </Button>
        <Button onClick={leave} color="error">
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
