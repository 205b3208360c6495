import { useId, type ChangeEvent, type ReactNode } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: 'text' | 'email' | 'password';
  name?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  helperText?: ReactNode;
  error?: boolean;
  /** Attributes of the <input> itself: the longest text the contract takes. */
  inputProps?: { maxLength?: number };
}

/**
 * An outlined text field that looks and is labelled exactly like MUI's TextField, built from the
 * parts TextField uses. TextField also carries Select (with Menu and Popover) for its `select`
 * mode; the sign-in screens, part of the first load, need none of that.
 */
export function TextInput({ label, helperText, error, required, fullWidth, margin, ...input }: TextInputProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} margin={margin} required={required} error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={required ? <>{label}&thinsp;*</> : label} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
