import { useId, useState } from 'react';
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import type { ExportFormat, ExportRows } from '../../../shared/settings';
import { useFileDownload } from './useFileDownload';
import { SettingsSection } from './SettingsSection';
import { EvidencePackDialog } from './EvidencePackDialog';
import { ServerActionButton } from './ServerActionButton';

/** What a CSV's rows are, and its button's label for each. */
const CSV_ROWS: Array<{ rows: ExportRows; label: string; download: string }> = [
  { rows: 'receipts', label: 'Receipts', download: 'Download receipts (CSV)' },
  { rows: 'items', label: 'Items by category', download: 'Download items by category (CSV)' },
];

/** The query of GET /api/export for a download: a CSV of items names its rows, receipts stay the plain CSV. */
const exportQuery = (format: ExportFormat, rows: ExportRows): string => (format === 'csv' && rows === 'items' ? 'format=csv&rows=items' : `format=${format}`);

/** The exports: a CSV of receipts or of items by category, all data as JSON, and the evidence pack. */
export function ExportSection() {
  const { busy, download: downloadFile } = useFileDownload<ExportFormat>();
  const [packing, setPacking] = useState(false);
  const [rows, setRows] = useState<ExportRows>('receipts');
  const rowsLabel = useId();
  const download = (format: ExportFormat) =>
    downloadFile(format, `/api/export?${exportQuery(format, rows)}`, `tally-export.${format}`, 'Failed to export your data');
  const csv = CSV_ROWS.find((c) => c.rows === rows)!;
  const downloads = [
    { format: 'csv', label: csv.download },
    { format: 'json', label: 'Download all data (JSON)' },
  ] as const;

  return (
    <SettingsSection
      title="Export my data"
      description="Receipts as a spreadsheet (CSV, one row per receipt), or everything as JSON: profile, settings, categories and receipts with their items. Items by category is a spreadsheet of one row per item, its part of the tax and discounts included, that adds up to your category totals. The evidence pack is one ZIP of a year's receipts with every original, for taxes or an accountant."
    >
      <FormControl component="fieldset" sx={{ mb: 1.5 }}>
        <FormLabel component="legend" id={rowsLabel}>
          Spreadsheet (CSV) of
        </FormLabel>
        <RadioGroup row aria-labelledby={rowsLabel} value={rows} onChange={(e) => setRows(e.target.value as ExportRows)}>
          {CSV_ROWS.map((c) => (
            <FormControlLabel key={c.rows} value={c.rows} control={<Radio />} label={c.label} disabled={busy !== null} />
          ))}
        </RadioGroup>
      </FormControl>
      {/* Wrapping rather than squeezing: each button keeps its label on one line where it can. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {downloads.map(({ format, label }) => (
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
