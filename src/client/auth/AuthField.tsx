import { TextInput, type TextInputProps } from '../ui/TextInput';

type AuthFieldProps = Omit<TextInputProps, 'onChange' | 'fullWidth' | 'margin'> & { onValue: (value: string) => void };

/** A full-width field of the sign-in screens, handing its text to `onValue`. */
export function AuthField({ onValue, ...field }: AuthFieldProps) {
  return <TextInput {...field} fullWidth margin="normal" onChange={(e) => onValue(e.target.value)} />;
}
