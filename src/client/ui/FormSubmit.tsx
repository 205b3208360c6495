import { Box, Button } from '@mui/material';
import { FormAlert } from './FormAlert';
import { useOfflineReason } from './connectivity';
import { OfflineReason } from './OfflineReason';

export interface FormSubmitProps {
  /** Why the last save failed; nothing is shown while null. */
  failure: string | null;
  busy: boolean;
  label: string;
  /** The button's label while busy (it is disabled then, so a save is never sent twice). */
  busyLabel: string;
}

/** The end of a saved form (useSaveForm): the save failure, if any, then the submit button (off offline, with the reason). */
export function FormSubmit({ failure, busy, label, busyLabel }: FormSubmitProps) {
  const offline = useOfflineReason();
  return (
    <>
      <FormAlert message={failure} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy || offline !== null}>
          {busy ? busyLabel : label}
        </Button>
        <OfflineReason reason={offline} />
      </Box>
    </>
  );
}
