import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { signOut } from '../../auth/actions';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { failureMessage } from '../../api/failureMessage';
import { useDeleteAccountMutation } from './settingsApi';
import { SettingsSection } from './SettingsSection';
import { FormAlert } from '../../ui/FormAlert';
import { NeedsServer } from '../../ui/NeedsServer';

/** The typed email must match before the button works (the server checks it again). */
export function confirmationMatches(typed: string, email: string): boolean {
  return email !== '' && typed.trim().toLowerCase() === email.toLowerCase();
}

export function DeleteAccountSection() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const email = user?.email ?? '';
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const textId = useId();

  const close = () => {
    if (isLoading) return;
    setOpen(false);
    setTyped('');
    setFailure(null);
  };

  const confirm = async () => {
    setFailure(null);
    try {
      await deleteAccount({ confirm: typed.trim() }).unwrap();
    } catch (err) {
      setFailure(failureMessage('Failed to delete your account', err));
      return;
    }
    // Photos this person took offline and never sent go with the account (loaded only now: few delete one).
    if (user) await import('../../entities/outbox/outboxStore').then((m) => m.clearOutbox(user.uid)).catch(() => undefined);
    // The identity account is gone; signing out only clears this browser's session.
    await signOut().catch(() => undefined);
    dispatch(toastShown('Your account and all your data have been deleted', 'success'));
    navigate('/login', { replace: true });
  };

  return (
    <SettingsSection title="Delete account" description="Removes your account, every receipt, category, image and setting. This cannot be undone.">
      <NeedsServer>
        <Button variant="outlined" color="error" startIcon={<DeleteForeverIcon />} onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </NeedsServer>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            Everything in Tally that belongs to you will be deleted for good, and you will be signed out. To confirm, type your email address:{' '}
            <Box component="strong" sx={{ overflowWrap: 'anywhere' }}>
              {email}
            </Box>
          </DialogContentText>
          <TextField
            label="Your email address"
            fullWidth
            margin="normal"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            disabled={isLoading}
          />
          <FormAlert message={failure} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isLoading}>
            Cancel
          </Button>
          <NeedsServer>
            <Button variant="contained" color="error" disabled={isLoading || !confirmationMatches(typed, email)} onClick={() => void confirm()}>
              {isLoading ? 'Deleting...' : 'Delete my account'}
            </Button>
          </NeedsServer>
        </DialogActions>
      </Dialog>
    </SettingsSection>
  );
}
