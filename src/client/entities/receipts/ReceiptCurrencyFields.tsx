import { TextField } from '@mui/material';
import { isCurrencyCode } from '../../../shared/currency';
import { CurrencyField } from '../../ui/CurrencyField';
import { displayCurrency } from '../../ui/money';
import { homeAmountPreview, type ReceiptCurrencyErrors, type ReceiptCurrencyValues } from './receiptCurrency';

export interface ReceiptCurrencyFieldsProps {
  values: ReceiptCurrencyValues;
  errors: ReceiptCurrencyErrors;
  onChange: (field: 'currency' | 'rate', value: string) => void;
  /** The currency marker the scanner read on the receipt ('RM', '€'), said under the field. */
  printed?: string | null;
}

/**
 * The receipt's currency and, when it is not the home one, the rate it converts at: typed, or
 * left empty for the rates table's on the receipt's date. The rate's hint says what the amount
 * comes to in the home currency.
 */
export function ReceiptCurrencyFields({ values, errors, onChange, printed }: ReceiptCurrencyFieldsProps) {
  const home = displayCurrency();
  const preview = homeAmountPreview(values, home);
  return (
    <>
      <CurrencyField
        label="Currency"
        required
        value={values.currency}
        onChange={(code) => onChange('currency', code)}
        error={Boolean(errors.currency)}
        helperText={errors.currency ?? (printed ? `Printed on the receipt: ${printed}` : undefined)}
      />
      {values.currency !== home && isCurrencyCode(values.currency) && (
        <TextField
          label={`Rate (${home} for 1 ${values.currency})`}
          value={values.rate}
          onChange={(e) => onChange('rate', e.target.value)}
          error={Boolean(errors.rate)}
          helperText={errors.rate ?? (preview ? `Comes to ${preview}` : `Leave empty to use your rate for the receipt's date (Settings → Currencies)`)}
          slotProps={{ htmlInput: { inputMode: 'decimal' }, formHelperText: { 'aria-live': 'polite' } }}
        />
      )}
    </>
  );
}
