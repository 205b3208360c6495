import { Autocomplete, TextField } from '@mui/material';
import { currencyCodes, currencyLabel } from './currencyNames';

export interface CurrencyFieldProps {
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  size?: 'small' | 'medium';
}

/** A choice of currency by code or name ('MYR', 'ringgit'): an autocomplete of every ISO 4217 code. */
export function CurrencyField({ label, value, onChange, error, helperText, disabled, required, size }: CurrencyFieldProps) {
  return (
    <Autocomplete
      options={currencyCodes()}
      // No choice yet is null to the autocomplete, '' to the form.
      value={value || null}
      onChange={(_e, code) => onChange(code ?? '')}
      getOptionLabel={currencyLabel}
      autoHighlight
      disabled={disabled}
      size={size}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={error} helperText={helperText} />}
    />
  );
}
