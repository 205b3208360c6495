import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { FormAlert } from './FormAlert';
import { useOfflineReason } from './connectivity';
import { OfflineReason } from './OfflineReason';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  /** Shown on the confirm button while the action runs; both buttons are disabled meanwhile. */
  busyLabel?: string;
  busy?: boolean;
  /** A failure of the action, shown inside the dialog. */
  error?: string | null;
  destructive?: boolean;
  /** The action asks the server (off while offline); false for a choice kept in the form until it is saved. */
  needsServer?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before an action that cannot be undone (spec §5 confirmations). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  busyLabel = 'Deleting...',
  busy = false,
  error,
  destructive = true,
  needsServer = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const offline = useOfflineReason();
  const blocked = needsServer ? offline : null;
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{message}</DialogContentText>
        <FormAlert message={error} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions>
        <OfflineReason reason={blocked} />
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={busy || blocked !== null} variant="contained" color={destructive ? 'error' : 'primary'} autoFocus>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
