import { Box, Button } from '@mui/material';
import { FormAlert } from './FormAlert';

export interface FormSubmitProps {
  /** Why the last save failed; nothing is shown while null. */
  failure: string | null;
  busy: boolean;
  label: string;
  /** The button's label while busy (it is disabled then, so a save is never sent twice). */
  busyLabel: string;
}

/** The end of a saved form (useSaveForm): the save failure, if any, then the submit button. */
export function FormSubmit({ failure, busy, label, busyLabel }: FormSubmitProps) {
  return (
    <>
      <FormAlert message={failure} />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? busyLabel : label}
        </Button>
      </Box>
    </>
  );
}
