import { TextField } from '@mui/material';
import { FormDialog } from '../../ui/FormDialog';
import { useDialogForm } from '../../ui/useDialogForm';
import type { OneFieldErrors, OneFieldValues } from './householdForm';

export interface OneFieldDialogProps {
  open: boolean;
  title: string;
  description?: string;
  label: string;
  type?: 'text' | 'email';
  /** The text the field starts from each time it opens (a household's current name). */
  initial?: string;
  maxLength?: number;
  validate: (values: OneFieldValues) => OneFieldErrors;
  saveLabel: string;
  saving: boolean;
  /** The API's refusal of the last save. */
  error: string | null;
  /** Called with the trimmed text once it is valid. */
  onSave: (text: string) => void;
  onClose: () => void;
}

/** Every household dialog asks for one text: a new household's name, a new name, a person's name, an address. */
export function OneFieldDialog({
  open,
  title,
  description,
  label,
  type = 'text',
  initial = '',
  maxLength,
  validate,
  saveLabel,
  saving,
  error,
  onSave,
  onClose,
}: OneFieldDialogProps) {
  const { field, handleSubmit } = useDialogForm(open, () => ({ text: initial }), validate);
  return (
    <FormDialog
      open={open}
      title={title}
      description={description}
      saving={saving}
      error={error}
      onSubmit={handleSubmit((valid) => onSave(valid.text.trim()))}
      onClose={onClose}
      saveLabel={saveLabel}
    >
      <TextField
        label={label}
        type={type}
        required
        fullWidth
        margin="normal"
        autoFocus
        autoComplete="off"
        {...field('text')}
        slotProps={{ htmlInput: { maxLength } }}
      />
    </FormDialog>
  );
}
