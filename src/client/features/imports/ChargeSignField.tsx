import { useId } from 'react';
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { CHARGE_SIGNS, type ChargeSign } from '../../../shared/constants/imports';
import { CHARGE_SIGN_HINT, CHARGE_SIGN_LABELS } from './importText';

export interface ChargeSignFieldProps {
  value: ChargeSign;
  onChange: (sign: ChargeSign) => void;
  disabled?: boolean;
}

/** How the bank's amount column writes a charge: part of the mapping, and flipped from the preview. */
export function ChargeSignField({ value, onChange, disabled }: ChargeSignFieldProps) {
  const hintId = useId();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend">Sign of a charge</FormLabel>
      <RadioGroup row value={value} onChange={(e) => onChange(e.target.value as ChargeSign)} aria-describedby={hintId}>
        {CHARGE_SIGNS.map((sign) => (
          <FormControlLabel key={sign} value={sign} control={<Radio />} label={CHARGE_SIGN_LABELS[sign]} />
        ))}
      </RadioGroup>
      <FormHelperText id={hintId} sx={{ mx: 0 }}>
        {CHARGE_SIGN_HINT}
      </FormHelperText>
    </FormControl>
  );
}
