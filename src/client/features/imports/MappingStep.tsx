import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import type { ImportMapping, ImportPreview } from '../../../shared/imports';
import { CurrencyField } from '../../ui/CurrencyField';
import { FormAlert } from '../../ui/FormAlert';
import { ChargeSignField } from './ChargeSignField';
import { fileFacts, MAPPING_SOURCE_TEXT } from './importText';
import {
  columnFields,
  columnOptions,
  DATE_FORMAT_OPTIONS,
  mappingValues,
  validateMapping,
  type AmountLayout,
  type ColumnField,
  type MappingErrors,
  type MappingValues,
} from './mappingForm';
import { SampleTable } from './SampleTable';
import { StepHeading } from './StepHeading';
import { STEP_CONTENT_SX } from './stepLayout';
import { NeedsServer } from '../../ui/NeedsServer';

const COLUMN_LABELS: Record<ColumnField, string> = {
  date: 'Date column',
  description: 'Description column',
  amount: 'Amount column',
  debit: 'Debit column (money out)',
  credit: 'Credit column (money in)',
  currency: 'Currency column',
  category: 'Category column',
};
/** What 'none' means for an optional column. */
const NONE_LABELS: Partial<Record<ColumnField, string>> = { currency: 'None (one currency)', category: 'None (rows go in Other)' };
const REQUIRED: ReadonlySet<ColumnField> = new Set(['date', 'description', 'amount']);

export interface MappingStepProps {
  preview: ImportPreview;
  reading: boolean;
  failure: string | null;
  onSubmit: (mapping: ImportMapping) => void;
  onCancel: () => void;
}

/** The second step: which column is the date, the description, the amount…, how dates and charges are written, and the currency. */
export function MappingStep({ preview, reading, failure, onSubmit, onCancel }: MappingStepProps) {
  const [values, setValues] = useState<MappingValues>(() => mappingValues(preview.mapping));
  const [errors, setErrors] = useState<MappingErrors>({});
  const options = columnOptions(preview.header, preview.sample);
  const set = <K extends keyof MappingValues>(field: K, value: MappingValues[K]) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateMapping(values);
    setErrors('errors' in checked ? checked.errors : {});
    if ('mapping' in checked) onSubmit(checked.mapping);
  };

  // Native selects: one tap on a phone, and every option is read out by screen readers.
  const select = (field: ColumnField | 'date_order', label: string, choices: ReadonlyArray<{ value: string; label: string }>, empty: string) => (
    <TextField
      key={field}
      select
      label={label}
      required={field === 'date_order' || REQUIRED.has(field)}
      value={values[field]}
      onChange={(e) => set(field, e.target.value as MappingValues[typeof field])}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth
    >
      <option value="">{empty}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </TextField>
  );

  return (
    <Card>
      <CardContent component="form" noValidate onSubmit={submit} aria-label="Map the columns" sx={STEP_CONTENT_SX}>
        <StepHeading>Map the columns</StepHeading>
        <Typography color="text.secondary">{fileFacts(preview)}</Typography>
        <Typography>{MAPPING_SOURCE_TEXT[preview.mapping_source]}</Typography>
        <SampleTable label={`First rows of ${preview.file_name}`} header={preview.header} sample={preview.sample} />

        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {select('date', COLUMN_LABELS.date, options, 'Choose a column')}
          {select('date_order', 'Date format', DATE_FORMAT_OPTIONS, 'Choose a format')}
          {select('description', COLUMN_LABELS.description, options, 'Choose a column')}
        </Box>

        <FormControl component="fieldset">
          <FormLabel component="legend">Amounts</FormLabel>
          <RadioGroup row value={values.layout} onChange={(e) => set('layout', e.target.value as AmountLayout)}>
            <FormControlLabel value="amount" control={<Radio />} label="One amount column" />
            <FormControlLabel value="debit_credit" control={<Radio />} label="Separate debit and credit columns" />
          </RadioGroup>
        </FormControl>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {columnFields(values.layout)
            .filter((field) => field !== 'date' && field !== 'description')
            .map((field) => select(field, COLUMN_LABELS[field], options, NONE_LABELS[field] ?? 'Choose a column'))}
          {/* A currency column says each row's currency; without one, the person says the statement's. */}
          {!values.currency && (
            <CurrencyField
              label="Statement currency"
              required
              value={values.statement_currency}
              onChange={(code) => set('statement_currency', code)}
              error={Boolean(errors.statement_currency)}
              helperText={errors.statement_currency ?? 'The currency of the amounts in this file'}
            />
          )}
        </Box>
        {values.layout === 'amount' && <ChargeSignField value={values.charge_sign} onChange={(sign) => set('charge_sign', sign)} />}

        <FormAlert message={failure} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <NeedsServer>
            <Button type="submit" variant="contained" disabled={reading}>
              {reading ? 'Reading…' : 'Show the preview'}
            </Button>
          </NeedsServer>
          <Button onClick={onCancel} disabled={reading}>
            Choose another file
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
