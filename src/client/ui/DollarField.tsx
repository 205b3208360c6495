import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';

export type DollarFieldProps = Omit<TextFieldProps, 'slotProps'> & {
  /** Attributes of the <input> itself (min, step, maxLength…). */
  htmlInput?: Record<string, unknown>;
};

/** A field for an amount of money: '$' before it, and the decimal keypad on a phone. */
export function DollarField({ htmlInput, ...props }: DollarFieldProps) {
  return (
    <TextField
      {...props}
      slotProps={{ htmlInput: { inputMode: 'decimal', ...htmlInput }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
    />
  );
}
