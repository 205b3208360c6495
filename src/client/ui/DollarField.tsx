import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { currencySymbol } from './money';

export type DollarFieldProps = Omit<TextFieldProps, 'slotProps'> & {
  /** Attributes of the <input> itself (min, step, maxLength…). */
  htmlInput?: Record<string, unknown>;
  /** The currency the amount is in; default: the display (home) currency. */
  currency?: string;
};

/**
 * A field for an amount of money: the currency's sign before it ('$', '€', 'RM'), and the decimal
 * keypad on a phone. Always a text input, whatever `type` says: a number input hands the form ''
 * for what it cannot read ('12abc'), which would then save as no amount at all; amountInput reads
 * the text as typed and says what is wrong with it.
 */
export function DollarField({ htmlInput, currency, ...props }: DollarFieldProps) {
  return (
    <TextField
      {...props}
      type="text"
      slotProps={{
        htmlInput: { inputMode: 'decimal', ...htmlInput },
        input: { startAdornment: <InputAdornment position="start">{currencySymbol(currency)}</InputAdornment> },
      }}
    />
  );
}
