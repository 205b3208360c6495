import { DeadlinePicker } from './DeadlinePicker';
import { DEADLINE_LABELS, type DeadlineErrors, type DeadlineField, type DeadlineValues } from './deadlines';

export interface DeadlineFieldsProps {
  values: DeadlineValues & { date: string };
  errors: DeadlineErrors;
  onChange: (field: DeadlineField, value: string) => void;
  /** An item's own deadlines: 'Item return by', small fields. */
  ofItem?: boolean;
}

/** A receipt's (or one item's) return window and warranty, two cells of the grid they stand in. */
export function DeadlineFields({ values, errors, onChange, ofItem = false }: DeadlineFieldsProps) {
  return (
    <>
      {(['returnBy', 'warrantyUntil'] as const).map((field) => (
        <DeadlinePicker
          key={field}
          field={field}
          label={ofItem ? `Item ${DEADLINE_LABELS[field].toLowerCase()}` : DEADLINE_LABELS[field]}
          size={ofItem ? 'small' : undefined}
          value={values[field]}
          receiptDate={values.date}
          onChange={(value) => onChange(field, value)}
          error={errors[field]}
        />
      ))}
    </>
  );
}
