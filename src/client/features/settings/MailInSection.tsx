import { useState, type FormEvent } from 'react';
import { Box, Button, IconButton, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { MailIn } from '../../../shared/mailIn';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { failureMessage } from '../../api/failureMessage';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingView } from '../../ui/LoadingView';
import { SettingsSection } from './SettingsSection';
import { senderError } from './senderForm';
import { useGetMailInQuery, useNewMailAddressMutation, useSaveMailSendersMutation } from './mailInApi';
import { NeedsServer } from '../../ui/NeedsServer';

export const MAIL_IN_TITLE = 'Receipts by e-mail';

/** Settings: the private address receipts are sent or forwarded to, a new one on request, and whose mail is read. */
export function MailInSection() {
  const mailIn = useGetMailInQuery();
  const body = () => {
    if (mailIn.isLoading) return <LoadingView label="Loading your receipts address..." />;
    if (!mailIn.data) return <ErrorState message="Failed to load your receipts address" onRetry={() => void mailIn.refetch()} />;
    return (
      <Stack spacing={3}>
        <AddressField mailIn={mailIn.data} />
        <AllowedSenders mailIn={mailIn.data} />
      </Stack>
    );
  };
  return (
    <SettingsSection
      title={MAIL_IN_TITLE}
      description="Send or forward a receipt to your private address: a photo or PDF attached, or an e-receipt in the mail itself. It waits in the review queue."
    >
      {body()}
    </SettingsSection>
  );
}

function AddressField({ mailIn }: { mailIn: MailIn }) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const [makeNew, made] = useNewMailAddressMutation();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(mailIn.address);
      dispatch(toastShown('Address copied', 'success'));
    } catch {
      dispatch(toastShown('Could not copy: select the address and copy it', 'error'));
    }
  };

  const confirm = async () => {
    const answer = await makeNew();
    if ('data' in answer) {
      setConfirming(false);
      dispatch(toastShown('New address made', 'success'));
    }
  };

  return (
    <Stack spacing={1.5}>
      <TextField label="Your receipts address" value={mailIn.address} slotProps={{ input: { readOnly: true } }} fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy
        </Button>
        <NeedsServer>
          <Button variant="outlined" startIcon={<AutorenewIcon />} onClick={() => setConfirming(true)}>
            Make a new address
          </Button>
        </NeedsServer>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Make a new address?"
        message={`Mail sent to ${mailIn.address} will be refused from now on. Whoever sends you receipts there will need the new address.`}
        confirmLabel="Make a new address"
        busyLabel="Making..."
        busy={made.isLoading}
        error={made.isError ? failureMessage('Failed to make a new address', made.error) : null}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setConfirming(false);
          made.reset();
        }}
      />
    </Stack>
  );
}

function AllowedSenders({ mailIn }: { mailIn: MailIn }) {
  const dispatch = useAppDispatch();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useSaveMailSendersMutation();
  const senders = mailIn.allowed_senders;

  const saveList = async (list: string[], done: string) => {
    const answer = await save({ senders: list });
    if ('error' in answer) {
      dispatch(toastShown(failureMessage('Failed to save the allowed senders', answer.error), 'error'));
      return false;
    }
    dispatch(toastShown(done, 'success'));
    return true;
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const problem = senderError(input, mailIn.own_email, senders);
    setError(problem);
    if (problem) return;
    const address = input.trim().toLowerCase();
    if (await saveList([...senders, address], `${address} can send you receipts`)) setInput('');
  };

  return (
    <Box component="section" aria-labelledby="allowed-senders-title">
      <Typography id="allowed-senders-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Allowed senders
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Mail from your account&apos;s address ({mailIn.own_email}) and these addresses is read. Mail from anyone else waits in the review queue unread, saying
        so.
      </Typography>
      {senders.length > 0 && (
        <List dense aria-label="Allowed senders">
          {senders.map((address) => (
            <ListItem
              key={address}
              disableGutters
              secondaryAction={
                <NeedsServer>
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${address}`}
                    disabled={saving.isLoading}
                    onClick={() =>
                      void saveList(
                        senders.filter((s) => s !== address),
                        `${address} removed`,
                      )
                    }
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                </NeedsServer>
              }
            >
              <ListItemText primary={address} slotProps={{ primary: { sx: { overflowWrap: 'anywhere', pr: 4 } } }} />
            </ListItem>
          ))}
        </List>
      )}
      <Box component="form" noValidate onSubmit={(e) => void add(e)} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap', mt: 1 }}>
        <TextField
          label="Add a sender"
          type="email"
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? ' '}
          size="small"
          sx={{ flex: '1 1 240px' }}
        />
        <NeedsServer>
          <Button type="submit" variant="contained" disabled={saving.isLoading}>
            {saving.isLoading ? 'Saving...' : 'Add'}
          </Button>
        </NeedsServer>
      </Box>
    </Box>
  );
}
