import { Alert, type AlertColor, type SxProps, type Theme } from '@mui/material';

/** A form's message, shown only when there is one: an error is announced at once, anything else politely. */
export function FormAlert({ message, severity = 'error', sx }: { message: string | null | undefined; severity?: AlertColor; sx?: SxProps<Theme> }) {
  if (!message) return null;
  return (
    <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'} sx={sx}>
      {message}
    </Alert>
  );
}
