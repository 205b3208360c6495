import { useId, useState, type FormEvent } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { failureMessage } from '../../api/failureMessage';
import { FormAlert } from '../../ui/FormAlert';
import { todayIso } from '../../ui/dates';
import { useGetCategoriesQuery } from '../../entities/categories/categoryList';
import { PACK_SEARCH_MAX } from '../../../shared/constants/pack';
import { downloadFile } from './exportDownload';
import { initialPackForm, packFormError, packQuery, packYears, withDays, yearDays, type PackForm } from './packForm';

/** The year select's choice for days typed by hand. */
const CUSTOM = '';
/** The first and last day fields, in the order they stand. */
const DAY_FIELDS = [
  { end: 'from', label: 'From' },
  { end: 'to', label: 'To' },
] as const;
/** A select whose '' choice has words ('Other days', 'All categories') shows them. */
const SHOW_EMPTY_CHOICE = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/**
 * The evidence pack: one zip of a year's (or any days') receipts, of one category or a search if
 * asked, with a spreadsheet of them and every original photo or PDF, for a tax return or an
 * accountant.
 */
export function EvidencePackDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const today = todayIso();
  const [form, setForm] = useState<PackForm>(() => initialPackForm(today));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: categories = [] } = useGetCategoriesQuery();
  const titleId = useId();
  const textId = useId();

  const download = async (e: FormEvent) => {
    e.preventDefault();
    const problem = packFormError(form);
    setFailure(problem);
    if (problem) return;
    setBusy(true);
    try {
      const name = await downloadFile(`/api/export/pack?${packQuery(form)}`, 'tally-receipts.zip');
      dispatch(toastShown(`Downloaded ${name}`, 'success'));
      onClose();
    } catch (err) {
      setFailure(failureMessage('Failed to make the evidence pack', err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={(e) => void download(e)}>
        <DialogTitle id={titleId}>Evidence pack</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            One ZIP file: a spreadsheet of the receipts (receipts.csv) and every original photo or PDF, each named by its date, store and amount.
          </DialogContentText>
          <FormAlert message={failure} sx={{ mt: 2 }} />
          <Stack spacing={2} sx={{ mt: 2 }}>
            <TextField
              select
              label="Year"
              value={form.year}
              onChange={(e) => setForm(e.target.value === CUSTOM ? { ...form, year: CUSTOM } : { ...form, year: e.target.value, ...yearDays(e.target.value) })}
              disabled={busy}
              slotProps={SHOW_EMPTY_CHOICE}
            >
              {packYears(today).map((y) => (
                <MenuItem key={y} value={y}>
                  {y}
                </MenuItem>
              ))}
              <MenuItem value={CUSTOM}>Other days</MenuItem>
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {DAY_FIELDS.map(({ end, label }) => (
                <TextField
                  key={end}
                  type="date"
                  label={label}
                  value={form[end]}
                  onChange={(e) => setForm(withDays(form, { [end]: e.target.value }))}
                  disabled={busy}
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              ))}
            </Stack>
            <TextField
              select
              label="Category"
              value={form.categoryId}
              onChange={(e) => setForm({ ...form, categoryId: e.target.value })}
              disabled={busy}
              slotProps={SHOW_EMPTY_CHOICE}
            >
              <MenuItem value="">All categories</MenuItem>
              {categories.map((c) => (
                <MenuItem key={c._id} value={c._id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Search"
              value={form.search}
              onChange={(e) => setForm({ ...form, search: e.target.value })}
              helperText="Optional: only receipts whose store, items or notes contain this"
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: PACK_SEARCH_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Preparing...' : 'Download pack'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
