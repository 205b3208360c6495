import { TextField } from '@mui/material';
import { isCurrencyCode } from '../../../shared/currency';
import { isCalendarDate } from '../../../shared/calendar';
import { rateInputText } from '../../ui/amountInput';
import { tableRateOn, useGetCurrencyRatesQuery } from '../currency/ratesApi';
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
 * left empty for the rates table's on the receipt's date, which the field shows. The hint says
 * what the amount comes to in the home currency.
 */
export function ReceiptCurrencyFields({ values, errors, onChange, printed }: ReceiptCurrencyFieldsProps) {
  const home = displayCurrency();
  const foreign = values.currency !== home && isCurrencyCode(values.currency);
  const { data: rates } = useGetCurrencyRatesQuery(undefined, { skip: !foreign });
  const tableRate = foreign && rates && isCalendarDate(values.date) ? tableRateOn(rates, values.currency, values.date) : null;
  const rate = values.rate.trim() || (tableRate === null ? '' : rateInputText(tableRate));
  const preview = homeAmountPreview({ ...values, rate }, home);
  const comesTo = preview ? `Comes to ${preview}` : null;
  const hint = values.rate.trim()
    ? comesTo
    : tableRate !== null
      ? [`Your rate for ${values.date}: ${rate}`, comesTo].filter(Boolean).join('. ')
      : rates
        ? `No rate for ${values.currency} on this date in your table (Settings → Currencies): type one`
        : `Leave empty to use your rate for the receipt's date (Settings → Currencies)`;
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
      {foreign && (
        <TextField
          label={`Rate (${home} for 1 ${values.currency})`}
          value={values.rate}
          placeholder={tableRate === null ? undefined : rateInputText(tableRate)}
          onChange={(e) => onChange('rate', e.target.value)}
          error={Boolean(errors.rate)}
          helperText={errors.rate ?? hint}
          slotProps={{ htmlInput: { inputMode: 'decimal' }, formHelperText: { 'aria-live': 'polite' } }}
        />
      )}
    </>
  );
}
