import type { ReactNode } from 'react';
import { Box, InputAdornment, MenuItem, TextField } from '@mui/material';
import type { CategoryWithSpending } from '../../../shared/categories';

export interface ReceiptFieldValues {
  store: string;
  date: string;
  amount: string;
  categoryId: string;
}

export interface ReceiptFieldsProps {
  values: ReceiptFieldValues;
  errors: { store?: string; date?: string; amount?: string };
  onChange: (field: keyof ReceiptFieldValues, value: string) => void;
  /** 'Amount' on Add/Edit Transaction, 'Total' on the scan review. */
  amountLabel: string;
  /** Shown under the amount while it has no error. */
  amountHint?: string;
  categories: readonly Pick<CategoryWithSpending, '_id' | 'name'>[];
  /** Whether "None" is a choice; each form says when leaving the category to the API is safe. */
  offerNoCategory: boolean;
  /** Shown under the category while none is chosen. */
  noCategoryHint?: string;
  /** Store and category take a whole row (the scan review sits in a narrower column). */
  wide?: boolean;
  /** More fields in the same grid, after the category. */
  children?: ReactNode;
}

const WHOLE_ROW = { gridColumn: { sm: '1 / -1' } };

/** Store, date, amount and category: the fields every receipt form starts with, in a two-column grid. */
export function ReceiptFields({ values, errors, onChange, amountLabel, amountHint, categories, offerNoCategory, noCategoryHint, wide = false, children }: ReceiptFieldsProps) {
  /** The value, change handler and error props of a checked field. */
  const field = (name: 'store' | 'date' | 'amount') => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        label="Store"
        required
        {...field('store')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={wide ? WHOLE_ROW : undefined}
      />
      <TextField
        label="Date"
        type="date"
        required
        {...field('date')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={amountLabel}
        required
        {...field('amount')}
        helperText={errors.amount ?? amountHint}
        slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
      />
      <TextField
        label="Category"
        select
        value={values.categoryId}
        onChange={(e) => onChange('categoryId', e.target.value)}
        helperText={values.categoryId ? undefined : noCategoryHint}
        sx={wide ? WHOLE_ROW : undefined}
      >
        {offerNoCategory && (
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
        )}
        {categories.map((c) => (
          <MenuItem key={c._id} value={c._id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      {children}
    </Box>
  );
}
