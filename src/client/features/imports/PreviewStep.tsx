import { useCallback, useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, LinearProgress, Tab, TablePagination, Tabs, Typography } from '@mui/material';
import type { ImportMapping, ImportPreview, ImportPreviewRow, ImportRowChange } from '../../../shared/imports';
import { DEFAULT_CHARGE_SIGN, type ChargeSign } from '../../../shared/constants/imports';
import { FormAlert } from '../../ui/FormAlert';
import { ChargeSignField } from './ChargeSignField';
import { count, fileFacts, listedText, MAPPING_SOURCE_TEXT, MONEY_IN_NOTE, totalsText } from './importText';
import { withChargeSign } from './mappingForm';
import { PAGE_SIZES, PREVIEW_TABS, firstTab, pageOf, rowsByStatus, type PreviewTab } from './previewTabs';
import { PreviewTable } from './PreviewTable';
import { ProblemsTable } from './ProblemsTable';
import { actionTotals, changesToSend, chosenAction, withChoice, type RowAction, type RowChoices } from './rowDecisions';
import { StepHeading } from './StepHeading';
import { STEP_CONTENT_SX } from './stepLayout';
import { NeedsServer } from '../../ui/NeedsServer';

export interface PreviewStepProps {
  preview: ImportPreview;
  importing: boolean;
  /** The file is being read again with a changed mapping (the sign flipped). */
  reading: boolean;
  failure: string | null;
  onConfirm: (changes: ImportRowChange[]) => void;
  onEditMapping: () => void;
  /** Reads the file again with this mapping (remembered for the bank). */
  onRemap: (mapping: ImportMapping) => void;
  onRestart: () => void;
}

const tabId = (tab: PreviewTab) => `import-tab-${tab}`;
const panelId = (tab: PreviewTab) => `import-panel-${tab}`;

/**
 * The third step: what confirming will do, one status at a time and one page at a time (a
 * statement may have 50,000 rows), with a choice per row where there is one to make.
 */
export function PreviewStep({ preview, importing, reading, failure, onConfirm, onEditMapping, onRemap, onRestart }: PreviewStepProps) {
  const [tab, setTab] = useState<PreviewTab>(() => firstTab(preview.counts));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [choices, setChoices] = useState<RowChoices>({});

  const groups = useMemo(() => rowsByStatus(preview.rows), [preview.rows]);
  const totals = useMemo(() => actionTotals(preview.rows, choices), [preview.rows, choices]);
  const actionOf = useCallback((row: ImportPreviewRow) => chosenAction(row, choices), [choices]);
  const choose = useCallback((row: ImportPreviewRow, action: RowAction) => setChoices((c) => withChoice(c, row, action)), []);

  const total = tab === 'problems' ? preview.problems.length : groups[tab].length;
  // A long statement's preview lists the first rows of each status and counts them all.
  const counted = preview.counts[tab];
  const label = PREVIEW_TABS.find((t) => t.value === tab)!.table;
  const busy = importing || reading;
  const hasMoneyIn = useMemo(() => groups.new.some((row) => row.amount < 0), [groups]);
  const flipSign = (sign: ChargeSign) => {
    const mapping = withChargeSign(preview.mapping, sign);
    if (mapping) onRemap(mapping);
  };

  return (
    <Card>
      <CardContent sx={STEP_CONTENT_SX}>
        <StepHeading>Check the preview</StepHeading>
        <Typography color="text.secondary">{fileFacts(preview)}</Typography>
        <Typography>
          {MAPPING_SOURCE_TEXT[preview.mapping_source]}{' '}
          <Button size="small" onClick={onEditMapping} disabled={busy}>
            Change the columns
          </Button>
        </Typography>
        {/* The sign decides which rows are spending: flipping it reads the rows again. */}
        {preview.mapping.amount !== undefined && (
          <ChargeSignField value={preview.mapping.charge_sign ?? DEFAULT_CHARGE_SIGN} onChange={flipSign} disabled={busy} />
        )}
        <Box role="status" aria-live="polite">
          {reading && (
            <>
              <Typography>Reading the rows again…</Typography>
              <LinearProgress aria-label="Reading the rows again" sx={{ mt: 1 }} />
            </>
          )}
        </Box>
        {hasMoneyIn && <Typography color="text.secondary">{MONEY_IN_NOTE}</Typography>}

        <Tabs
          value={tab}
          onChange={(_e, next: PreviewTab) => {
            setTab(next);
            setPage(0);
          }}
          aria-label="Rows by status"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {PREVIEW_TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              id={tabId(t.value)}
              aria-controls={panelId(t.value)}
              label={`${t.label} (${preview.counts[t.value].toLocaleString('en-US')})`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
          {total === 0 ? (
            <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
              {tab === 'problems' ? 'Every row could be read.' : 'No rows here.'}
            </Typography>
          ) : tab === 'problems' ? (
            <ProblemsTable label={label} problems={pageOf(preview.problems, page, pageSize)} />
          ) : (
            <PreviewTable
              label={label}
              rows={pageOf(groups[tab], page, pageSize)}
              showMatch={tab === 'matches'}
              showCategory={preview.mapping.category !== undefined}
              actionOf={actionOf}
              onAction={choose}
              disabled={busy}
            />
          )}
          {counted > total && <Typography color="text.secondary">{listedText(total, counted)}</Typography>}
          {total > PAGE_SIZES[0] && (
            <TablePagination
              component="div"
              count={total}
              page={page}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[...PAGE_SIZES]}
              onPageChange={(_e, next) => setPage(next)}
              onRowsPerPageChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(0);
              }}
              labelRowsPerPage="Rows per page"
            />
          )}
        </Box>

        {/* Announced as the person changes rows: what confirming will now do. */}
        <Typography role="status" aria-live="polite" sx={{ fontWeight: 600 }}>
          {totalsText(totals)}
        </Typography>
        {preview.counts.problems > 0 && (
          <Typography color="text.secondary">
            {count(preview.counts.problems, 'row that could not be read is', 'rows that could not be read are')} left out.
          </Typography>
        )}
        <FormAlert message={failure} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <NeedsServer>
            <Button variant="contained" onClick={() => onConfirm(changesToSend(preview.rows, choices))} disabled={busy} aria-busy={importing}>
              {importing ? 'Importing…' : 'Confirm import'}
            </Button>
          </NeedsServer>
          <Button onClick={onRestart} disabled={busy}>
            Choose another file
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
