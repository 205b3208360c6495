import { Box, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import type { HouseholdMember } from '../../../shared/households';
import { DollarField } from '../../ui/DollarField';
import type { AmountSplitMode, SharingValues } from './sharingForm';
import { memberLabel } from './memberName';
import { PortionFields } from './PortionFields';

export interface AmountSplitFieldsProps {
  sharing: SharingValues;
  members: readonly HouseholdMember[];
  currency: string;
  /** What is wrong with the split, or how far exact amounts are from the total. */
  message?: string;
  onChange: (patch: Partial<SharingValues>) => void;
}

const MODES: ReadonlyArray<{ value: AmountSplitMode; label: string }> = [
  { value: 'evenly', label: 'Evenly' },
  { value: 'portions', label: 'By portions' },
  { value: 'exact', label: 'Exact amounts' },
];

/** A receipt without items: split evenly among everyone, by portions, or exact amounts per member. */
export function AmountSplitFields({ sharing, members, currency, message, onChange }: AmountSplitFieldsProps) {
  const choose = (split: AmountSplitMode) =>
    onChange(
      split === 'portions' && !Object.keys(sharing.portions).length ? { split, portions: Object.fromEntries(members.map((m) => [m._id, '1'])) } : { split },
    );
  return (
    <FormControl error={Boolean(message)} component="fieldset" sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <FormLabel component="legend">Split the amount</FormLabel>
      <RadioGroup row value={sharing.split} onChange={(e) => choose(e.target.value as AmountSplitMode)}>
        {MODES.map((m) => (
          <FormControlLabel key={m.value} value={m.value} control={<Radio />} label={m.label} />
        ))}
      </RadioGroup>
      {sharing.split === 'portions' && (
        <PortionFields
          label="Portions of the amount"
          members={members}
          portions={sharing.portions}
          onChange={(portions) => onChange({ portions })}
          error={message}
        />
      )}
      {sharing.split === 'exact' && (
        <Box role="group" aria-label="Exact amounts" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {members.map((m) => (
            <DollarField
              key={m._id}
              size="small"
              label={memberLabel(m)}
              currency={currency}
              value={sharing.amounts[m._id] ?? ''}
              onChange={(e) => onChange({ amounts: { ...sharing.amounts, [m._id]: e.target.value } })}
              error={Boolean(message)}
              sx={{ width: { xs: '100%', sm: 170 } }}
            />
          ))}
        </Box>
      )}
      {message && <FormHelperText>{message}</FormHelperText>}
    </FormControl>
  );
}
