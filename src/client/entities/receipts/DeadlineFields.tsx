import { DeadlinePicker } from './DeadlinePicker';
import { DEADLINE_LABELS, type DeadlineErrors, type DeadlineField, type DeadlineValues } from './deadlines';

export interface DeadlineFieldsProps {
  values: DeadlineValues & { date: string };
  errors: DeadlineErrors;
  onChange: (field: DeadlineField, value: string) => void;
}

/** The receipt's return window and warranty, two cells of the receipt fields' grid. */
export function DeadlineFields({ values, errors, onChange }: DeadlineFieldsProps) {
  return (
    <>
      {(['returnBy', 'warrantyUntil'] as const).map((field) => (
        <DeadlinePicker
          key={field}
          field={field}
          label={DEADLINE_LABELS[field]}
          value={values[field]}
          receiptDate={values.date}
          onChange={(value) => onChange(field, value)}
          error={errors[field]}
        />
      ))}
    </>
  );
}
