import { Alert, type AlertColor, type SxProps, type Theme } from '@mui/material';
import { useRevealed } from './reveal';

export interface FormAlertProps {
  message: string | null | undefined;
  severity?: AlertColor;
  sx?: SxProps<Theme>;
  /** Scroll the message into view and focus it when it appears; default: for an error (a refused save), which must be seen where it happens. */
  reveal?: boolean;
}

/** A form's message, shown only when there is one: an error is announced at once and brought into view, anything else politely. */
export function FormAlert({ message, severity = 'error', sx, reveal = severity === 'error' }: FormAlertProps) {
  const ref = useRevealed<HTMLDivElement>(message, reveal);
  if (!message) return null;
  return (
    // tabIndex -1: focusable by the form, not a stop on the Tab key's way.
    <Alert ref={ref} tabIndex={-1} severity={severity} role={severity === 'error' ? 'alert' : 'status'} sx={sx}>
      {message}
    </Alert>
  );
}
