import { useState } from 'react';
import { Box, MenuItem, TextField } from '@mui/material';
import { isCalendarDate } from '../../../shared/calendar';
import { formatDate } from '../../ui/dates';
import { DEADLINE_PICKS, pickOf, type DeadlineField } from './deadlines';

export interface DeadlinePickerProps {
  field: DeadlineField;
  /** 'Return by', or 'Item return by' in an item's row. */
  label: string;
  /** 'YYYY-MM-DD'; '' or left out: none. */
  value: string | undefined;
  /** The picks count from this day. */
  receiptDate: string;
  onChange: (value: string) => void;
  error?: string;
  size?: 'small' | 'medium';
}

const OWN_DATE = 'date';

/**
 * A return window or warranty: None, a quick pick counted from the receipt's date (the day it
 * gives shown below), or a date of one's own, typed in a date field that then appears.
 */
export function DeadlinePicker({ field, label, value, receiptDate, onChange, error, size }: DeadlinePickerProps) {
  const picked = pickOf(field, value, receiptDate);
  const [ownDateChosen, setOwnDateChosen] = useState(false);
  // A date no pick gives (typed, saved, or a pick's once the receipt's date moved) shows as typed.
  const ownDate = ownDateChosen || (Boolean(value) && !picked);
  const choice = ownDate ? OWN_DATE : (picked?.key ?? '');
  const choose = (key: string) => {
    setOwnDateChosen(key === OWN_DATE);
    if (key === OWN_DATE) return;
    onChange(key === '' ? '' : (DEADLINE_PICKS[field].find((p) => p.key === key)?.from(receiptDate) ?? ''));
  };
  const datePicked = !ownDate && value && isCalendarDate(value) ? formatDate(value) : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <TextField
        select
        size={size}
        label={label}
        value={choice}
        onChange={(e) => choose(e.target.value)}
        error={!ownDate && Boolean(error)}
        helperText={ownDate ? undefined : (error ?? datePicked)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">None</MenuItem>
        {DEADLINE_PICKS[field].map((p) => (
          <MenuItem key={p.key} value={p.key} disabled={!isCalendarDate(receiptDate)}>
            {p.label}
          </MenuItem>
        ))}
        <MenuItem value={OWN_DATE}>Pick a date</MenuItem>
      </TextField>
      {ownDate && (
        <TextField
          type="date"
          size={size}
          label={`${label} date`}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value)}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    </Box>
  );
}
