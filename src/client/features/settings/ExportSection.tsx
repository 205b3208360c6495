import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import type { ExportFormat } from '../../../shared/settings';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { failureMessage } from '../../api/failureMessage';
import { downloadExport } from './exportDownload';
import { SettingsSection } from './SettingsSection';
import { EvidencePackDialog } from './EvidencePackDialog';
import { NeedsServer } from '../../ui/NeedsServer';

export function ExportSection() {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [packing, setPacking] = useState(false);

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
      description="Receipts as a spreadsheet (CSV, one row per receipt), or everything as JSON: profile, settings, categories and receipts with their items. The evidence pack is one ZIP of a year's receipts with every original, for taxes or an accountant."
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
        <NeedsServer>
          <Button variant="outlined" startIcon={<FolderZipIcon />} disabled={busy !== null} onClick={() => setPacking(true)}>
            Evidence pack (ZIP)
          </Button>
        </NeedsServer>
      </Stack>
      {packing && <EvidencePackDialog onClose={() => setPacking(false)} />}
    </SettingsSection>
  );
}
