import { useState } from 'react';
import { Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import type { ExportFormat } from '../../../shared/settings';
import { useFileDownload } from './useFileDownload';
import { SettingsSection } from './SettingsSection';
import { EvidencePackDialog } from './EvidencePackDialog';
import { ServerActionButton } from './ServerActionButton';

/** The exports, one button each. */
const DOWNLOADS = [
  { format: 'csv', label: 'Download receipts (CSV)' },
  { format: 'json', label: 'Download all data (JSON)' },
] as const;

export function ExportSection() {
  const { busy, download: downloadFile } = useFileDownload<ExportFormat>();
  const [packing, setPacking] = useState(false);
  const download = (format: ExportFormat) => downloadFile(format, `/api/export?format=${format}`, `tally-export.${format}`, 'Failed to export your data');

  return (
    <SettingsSection
      title="Export my data"
      description="Receipts as a spreadsheet (CSV, one row per receipt), or everything as JSON: profile, settings, categories and receipts with their items. The evidence pack is one ZIP of a year's receipts with every original, for taxes or an accountant."
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {DOWNLOADS.map(({ format, label }) => (
          <ServerActionButton
            key={format}
            icon={<DownloadIcon />}
            label={label}
            preparing={busy === format}
            disabled={busy !== null}
            onClick={() => void download(format)}
          />
        ))}
        <ServerActionButton icon={<FolderZipIcon />} label="Evidence pack (ZIP)" disabled={busy !== null} onClick={() => setPacking(true)} />
      </Stack>
      {packing && <EvidencePackDialog onClose={() => setPacking(false)} />}
    </SettingsSection>
  );
}
