import { useId } from 'react';
import { FormControl, FormControlLabel, FormHelperText, Switch } from '@mui/material';

export const ROLLOVER_LABEL = 'Carry over what is left to next month';
const HINT = 'What you do not spend adds to next month; overspending comes off it.';
const NO_BUDGET_HINT = 'Set a budget to carry over what is left.';

export interface RolloverSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Off and explained while there is no budget to carry over. */
  disabled?: boolean;
}

/** The one rollover choice of the monthly budget and of a category's budget, with what it means. */
export function RolloverSwitch({ checked, onChange, disabled = false }: RolloverSwitchProps) {
  const hintId = useId();
  return (
    <FormControl margin="normal" fullWidth disabled={disabled}>
      <FormControlLabel
        // Long labels wrap beside the switch on a narrow phone instead of pushing it out.
        sx={{ mr: 0, alignItems: 'center' }}
        control={<Switch checked={checked && !disabled} onChange={(e) => onChange(e.target.checked)} slotProps={{ input: { 'aria-describedby': hintId } }} />}
        label={ROLLOVER_LABEL}
      />
      {/* The hint says why the switch is off: it stays readable (full contrast) while the switch is disabled. */}
      <FormHelperText id={hintId} disabled={false} sx={{ mx: 0 }}>
        {disabled ? NO_BUDGET_HINT : HINT}
      </FormHelperText>
    </FormControl>
  );
}
