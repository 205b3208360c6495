import { useDialogForm } from '../../ui/useDialogForm';
import { Box, ListItemIcon, ListItemText, MenuItem, TextField } from '@mui/material';
import { DollarField } from '../../ui/DollarField';
import type { CategoryIcon, CategoryInput } from '../../../shared/categories';
import { CATEGORY_ICONS, MAX_CATEGORY_NAME } from '../../../shared/constants/categories';
import { CategoryIconView } from './categoryIcons';
import { canRollOver, toCategoryInput, validateCategoryForm, type CategoryFormValues } from './categoryForm';
import { FormDialog } from '../../ui/FormDialog';
import { RolloverSwitch } from '../../ui/RolloverSwitch';

export interface CategoryDialogProps {
  /** 'new' or 'edit' while open; spec §4 category dialog states. */
  mode: 'new' | 'edit';
  open: boolean;
  initial: CategoryFormValues;
  saving: boolean;
  /** The failure of the last save (spec §8 text plus the server's reason). */
  error: string | null;
  onSave: (input: CategoryInput) => void;
  onClose: () => void;
}

/** One dialog for adding and editing a category (spec §2). */
export function CategoryDialog({ mode, open, initial, saving, error, onSave, onClose }: CategoryDialogProps) {
  const { values, set, field, handleSubmit } = useDialogForm(open, () => initial, validateCategoryForm);
  const submit = handleSubmit((valid) => onSave(toCategoryInput(valid)));

  return (
    <FormDialog
      open={open}
      title={mode === 'new' ? 'Add Category' : 'Edit Category'}
      saving={saving}
      error={error}
      onSubmit={submit}
      onClose={onClose}
      saveLabel={mode === 'new' ? 'Add Category' : 'Save Changes'}
    >
      <TextField label="Name" required fullWidth margin="normal" autoFocus {...field('name')} slotProps={{ htmlInput: { maxLength: MAX_CATEGORY_NAME } }} />
      <TextField
        label="Color"
        type="color"
        fullWidth
        margin="normal"
        value={values.color}
        onChange={(e) => set('color', e.target.value.toUpperCase())}
        helperText={values.color}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { sx: { height: 32, cursor: 'pointer' } } }}
      />
      <TextField label="Icon" select fullWidth margin="normal" value={values.icon} onChange={(e) => set('icon', e.target.value as CategoryIcon)}>
        {CATEGORY_ICONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CategoryIconView icon={option.value} fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={option.label} sx={{ my: 0 }} />
            </Box>
          </MenuItem>
        ))}
      </TextField>
      <DollarField label="Monthly budget" fullWidth margin="normal" {...field('budget', 'Leave empty for no budget')} />
      <RolloverSwitch checked={values.rollover} onChange={(checked) => set('rollover', checked)} disabled={!canRollOver(values)} />
    </FormDialog>
  );
}
