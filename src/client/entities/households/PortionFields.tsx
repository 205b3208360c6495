import { Box, TextField } from '@mui/material';
import type { HouseholdMember } from '../../../shared/households';
import { memberLabel } from './memberName';

export interface PortionFieldsProps {
  /** Names the group: 'Portions of Milk'. */
  label: string;
  members: readonly HouseholdMember[];
  portions: Record<string, string>;
  onChange: (portions: Record<string, string>) => void;
  error?: string;
}

/** A portion per member (0 or empty: none of it), wrapping on a narrow screen. */
export function PortionFields({ label, members, portions, onChange, error }: PortionFieldsProps) {
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {members.map((m) => (
        <TextField
          key={m._id}
          size="small"
          label={memberLabel(m)}
          value={portions[m._id] ?? ''}
          onChange={(e) => onChange({ ...portions, [m._id]: e.target.value })}
          error={Boolean(error)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: { xs: 'calc(50% - 4px)', sm: 170 } }}
        />
      ))}
    </Box>
  );
}
