import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import type { Invitation } from '../../../shared/households';
import { FormAlert } from '../../ui/FormAlert';
import { invitationNote } from './householdText';

type CopyState = 'idle' | 'copied' | 'failed';

/** The invitation's link, shown this once (the API keeps only its hash), with a Copy button. */
export function InvitationLinkDialog({ invitation, onClose }: { invitation: Invitation | null; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const [copy, setCopy] = useState<CopyState>('idle');
  // Kept while the dialog fades out after Done.
  const [shown, setShown] = useState<Invitation | null>(invitation);
  if (invitation && invitation !== shown) {
    setShown(invitation);
    setCopy('idle');
  }

  const copyLink = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.link);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <Dialog open={invitation !== null} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Invitation link</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{shown ? invitationNote(shown.email, shown.expires_at) : ''}</DialogContentText>
        <TextField
          label="Link"
          value={shown?.link ?? ''}
          fullWidth
          multiline
          margin="normal"
          onFocus={(e) => e.target.select()}
          slotProps={{ htmlInput: { readOnly: true, sx: { wordBreak: 'break-all' } } }}
        />
        <FormAlert message={copy === 'copied' ? 'Link copied.' : null} severity="success" />
        <FormAlert message={copy === 'failed' ? 'This browser did not let Tally copy: select the link and copy it.' : null} severity="warning" />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copyLink()} variant="contained">
          Copy link
        </Button>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
