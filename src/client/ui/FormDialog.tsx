import { useId, type FormEvent, type ReactNode } from 'react';
import { Box, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, type SxProps, type Theme } from '@mui/material';
import { FormAlert } from './FormAlert';
import { SaveCancelButtons } from './SaveCancelButtons';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  titleSx?: SxProps<Theme>;
  /** A line under the title, which the dialog is then described by. */
  description?: ReactNode;
  saving: boolean;
  /** The failure of the last save, shown above the fields. */
  error: string | null;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  saveLabel?: string;
  children: ReactNode;
}

/**
 * A small dialog that is one form: its title, the last save's error, the fields and Cancel/Save.
 * It cannot be dismissed while saving, so a save under way is never left without its dialog.
 */
export function FormDialog({ open, title, titleSx, description, saving, error, onSubmit, onClose, saveLabel = 'Save', children }: FormDialogProps) {
  const titleId = useId();
  const textId = useId();
  const described = description !== undefined;
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={described ? textId : undefined}
      fullWidth
      maxWidth="xs"
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId} sx={titleSx}>
          {title}
        </DialogTitle>
        <DialogContent>
          {described && <DialogContentText id={textId}>{description}</DialogContentText>}
          {/* Under a description the alert keeps its distance from it; alone, from the first field. */}
          <FormAlert message={error} sx={described ? { mt: 2 } : { mb: 2 }} />
          {children}
        </DialogContent>
        <DialogActions>
          <SaveCancelButtons onCancel={onClose} saving={saving} saveLabel={saveLabel} />
        </DialogActions>
      </Box>
    </Dialog>
  );
}
