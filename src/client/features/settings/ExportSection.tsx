import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import type { ExportFormat } from '../../../shared/settings';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { failureMessage } from '../../api/failureMessage';
import { downloadExport } from './exportDownload';
import { SettingsSection } from './SettingsSection';
import { NeedsServer } from '../../ui/NeedsServer';

export function ExportSection() {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadExport(format);
    } catch (err) {
      dispatch(toastShown(failureMessage('Failed to export your data', err), 'error'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <SettingsSection
      title="Export my data"
      description="Receipts as a spreadsheet (CSV, one row per receipt), or everything as JSON: profile, settings, categories and receipts with their items."
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <NeedsServer>
          <Button variant="outlined" startIcon={<DownloadIcon />} disabled={busy !== null} onClick={() => void download('csv')}>
            {busy === 'csv' ? 'Preparing...' : 'Download receipts (CSV)'}
          </Button>
        </NeedsServer>
        <NeedsServer>
          <Button variant="outlined" startIcon={<DownloadIcon />} disabled={busy !== null} onClick={() => void download('json')}>
            {busy === 'json' ? 'Preparing...' : 'Download all data (JSON)'}
          </Button>
        </NeedsServer>
      </Stack>
    </SettingsSection>
  );
}
