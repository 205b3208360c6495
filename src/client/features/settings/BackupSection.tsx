import { useState, type ChangeEvent } from 'react';
import { Button, Stack } from '@mui/material';
import BackupIcon from '@mui/icons-material/Backup';
import RestoreIcon from '@mui/icons-material/Restore';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { failureMessage } from '../../api/failureMessage';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useFileDownload } from './useFileDownload';
import { useRestoreBackupMutation } from './backupApi';
import { restoredText } from './backupText';
import { SettingsSection } from './SettingsSection';
import { ServerActionButton } from './ServerActionButton';
import { NeedsServer } from '../../ui/NeedsServer';

/**
 * Everything the person has as one file, and that file read back: how a person keeps a copy of
 * their data, or moves to another Tally server (into a new account there, without receipts).
 */
export function BackupSection() {
  const dispatch = useAppDispatch();
  const { busy, download } = useFileDownload<'backup'>();
  const [chosen, setChosen] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [restore, { isLoading: restoring }] = useRestoreBackupMutation();

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    setFailure(null);
    setChosen(e.target.files?.[0] ?? null);
    e.target.value = ''; // the same file can be chosen again after a refusal
  };

  const confirm = async () => {
    if (!chosen) return;
    try {
      const answer = await restore(chosen).unwrap();
      dispatch(toastShown(restoredText(answer), 'success'));
      setChosen(null);
    } catch (err) {
      setFailure(failureMessage('Failed to restore the backup', err));
    }
  };

  return (
    <SettingsSection
      title="Backup and restore"
      description="One ZIP file of everything you have: receipts with their items and originals, categories and budgets, rates, import settings and what Tally learned. Restore it into a new account, here or on another Tally server."
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <ServerActionButton
          icon={<BackupIcon />}
          label="Back up everything"
          preparing={busy !== null}
          disabled={busy !== null}
          onClick={() => void download('backup', '/api/backup', 'tally-backup.zip', 'Failed to back up your data')}
        />
        <NeedsServer>
          <Button variant="outlined" component="label" startIcon={<RestoreIcon />} disabled={restoring}>
            Restore from a backup
            <input hidden type="file" accept=".zip,application/zip" onChange={choose} />
          </Button>
        </NeedsServer>
      </Stack>
      <ConfirmDialog
        open={chosen !== null}
        title="Restore this backup?"
        message={`Everything in ${chosen?.name ?? 'the backup'} comes into this account, and its categories replace the ones you have now. A backup is restored only into an account without receipts.`}
        confirmLabel="Restore"
        busyLabel="Restoring..."
        busy={restoring}
        error={failure}
        destructive={false}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setChosen(null);
          setFailure(null);
        }}
      />
    </SettingsSection>
  );
}
