import { Button } from '@mui/material';

export interface SaveCancelButtonsProps {
  onCancel: () => void;
  saving: boolean;
  saveLabel: string;
  cancelLabel?: string;
  /** Keeps Save disabled for another reason than saving. */
  blocked?: boolean;
}

/** Cancel and the form's submit button, which reads 'Saving...' while busy (both disabled then, so nothing is sent twice). */
export function SaveCancelButtons({ onCancel, saving, saveLabel, cancelLabel = 'Cancel', blocked = false }: SaveCancelButtonsProps) {
  return (
    <>
      <Button onClick={onCancel} disabled={saving}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="contained" disabled={saving || blocked}>
        {saving ? 'Saving...' : saveLabel}
      </Button>
    </>
  );
}
