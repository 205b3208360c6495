import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../app/uiSlice';
import { changePassword, passwordChangeError, validatePasswordChange, type PasswordChangeErrors, type PasswordChangeValues } from './passwordChange';
import { SettingsSection } from './SettingsSection';

const EMPTY: PasswordChangeValues = { current: '', next: '', confirm: '' };

export function ChangePasswordSection() {
  const dispatch = useAppDispatch();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (key: keyof PasswordChangeValues) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [key]: e.target.value }));
      setErrors((found) => ({ ...found, [key]: undefined }));
    },
    error: Boolean(errors[key]),
    helperText: errors[key],
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validatePasswordChange(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword(values.current, values.next);
      setValues(EMPTY);
      dispatch(toastShown('Password changed successfully', 'success'));
    } catch (err) {
      setFailure(passwordChangeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection title="Change password" description="Enter your current password, then the new one twice.">
      <Box component="form" noValidate onSubmit={submit} aria-label="Change password">
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          <TextField label="Current password" type="password" autoComplete="current-password" required {...field('current')} />
          <TextField label="New password" type="password" autoComplete="new-password" required {...field('next')} />
          <TextField label="Confirm new password" type="password" autoComplete="new-password" required {...field('confirm')} />
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Changing...' : 'Change password'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
