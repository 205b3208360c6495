import { Button } from '@mui/material';
import { useOfflineReason } from './connectivity';
import { OfflineReason } from './OfflineReason';

export interface SaveCancelButtonsProps {
  onCancel: () => void;
  saving: boolean;
  saveLabel: string;
  cancelLabel?: string;
  /** Keeps Save disabled for another reason than saving. */
  blocked?: boolean;
}

/**
 * Cancel and the form's submit button, which reads 'Saving...' while busy (both disabled then, so
 * nothing is sent twice). Offline, Save is off and the reason is shown before the buttons.
 */
export function SaveCancelButtons({ onCancel, saving, saveLabel, cancelLabel = 'Cancel', blocked = false }: SaveCancelButtonsProps) {
  const offline = useOfflineReason();
  return (
    <>
      <OfflineReason reason={offline} />
      <Button onClick={onCancel} disabled={saving}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="contained" disabled={saving || blocked || offline !== null}>
        {saving ? 'Saving...' : saveLabel}
      </Button>
    </>
  );
}
