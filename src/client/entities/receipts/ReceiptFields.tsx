import type { ReactNode } from 'react';
import { Box, InputAdornment, MenuItem, TextField, type Theme } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { CategoryWithSpending } from '../../../shared/categories';
import { MAX_STORE_NAME } from '../../../shared/constants/receipts';

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
  /** Fields to check first (the scan review), with the words that say why; shown while a field has no error. */
  marks?: Partial<Record<'store' | 'date' | 'amount', string>>;
  /** Plain words under a field while it has no error or mark (the scan review: why the scanner read it so). */
  hints?: Partial<Record<'store' | 'date' | 'amount', string>>;
  /** The currency marker before the amount; '$' unless the receipt prints another. */
  currency?: string;
}

const WHOLE_ROW = { gridColumn: { sm: '1 / -1' } };

/** A field to check first: a thicker warning outline, and words beside an icon (never colour alone). */
const MARKED = (theme: Theme) => {
  // MUI's warning tones are too light for small text on white (WCAG AA): a deeper amber there.
  const colour = theme.palette.mode === 'dark' ? theme.palette.warning.light : '#92400E';
  return {
    '& .MuiOutlinedInput-notchedOutline': { borderColor: colour, borderWidth: 2 },
    '& .MuiFormHelperText-root': { color: colour },
  };
};

function CheckMark({ text }: { text: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <WarningAmberIcon fontSize="inherit" aria-hidden />
      {text}
    </Box>
  );
}

/** Store, date, amount and category: the fields every receipt form starts with, in a two-column grid. */
export function ReceiptFields({
  values,
  errors,
  onChange,
  amountLabel,
  amountHint,
  categories,
  offerNoCategory,
  noCategoryHint,
  wide = false,
  children,
  marks = {},
  hints = {},
  currency = '$',
}: ReceiptFieldsProps) {
  /** The value, change handler, error and check-mark props of a checked field. */
  const field = (name: 'store' | 'date' | 'amount') => {
    const mark = errors[name] ? undefined : marks[name];
    return {
      value: values[name],
      onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
      error: Boolean(errors[name]),
      helperText: errors[name] ?? (mark ? <CheckMark text={mark} /> : hints[name]),
      sx: mark ? MARKED : undefined,
    };
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        label="Store"
        required
        {...field('store')}
        slotProps={{ htmlInput: { maxLength: MAX_STORE_NAME } }}
        sx={(theme) => ({ ...(wide ? WHOLE_ROW : {}), ...(field('store').sx?.(theme) ?? {}) })}
      />
      <TextField label="Date" type="date" required {...field('date')} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField
        label={amountLabel}
        required
        {...field('amount')}
        helperText={field('amount').helperText ?? amountHint}
        slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">{currency}</InputAdornment> } }}
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
