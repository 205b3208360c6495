import { Alert, type AlertColor } from '@mui/material';
import { TextInput, type TextInputProps } from '../ui/TextInput';

type AuthFieldProps = Omit<TextInputProps, 'onChange' | 'fullWidth' | 'margin'> & { onValue: (value: string) => void };

/** A full-width field of the sign-in screens, handing its text to `onValue`. */
export function AuthField({ onValue, ...field }: AuthFieldProps) {
  return <TextInput {...field} fullWidth margin="normal" onChange={(e) => onValue(e.target.value)} />;
}

/** The message above a sign-in form: an error is announced at once, a notice politely. */
export function AuthMessage({ text, severity = 'error', spacing = 'below' }: { text: string | null; severity?: AlertColor; spacing?: 'below' | 'around' }) {
  if (!text) return null;
  return (
    <Alert severity={severity} sx={spacing === 'below' ? { mb: 2 } : { my: 1 }} role={severity === 'error' ? 'alert' : 'status'}>
      {text}
    </Alert>
  );
}
