import { Box, Stack, TextField } from '@mui/material';
import { changePassword } from '../../auth/actions';
import { FormSubmit } from '../../ui/FormSubmit';
import { useSaveForm } from '../../ui/useSaveForm';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { useUnsavedChangesGuard } from '../../ui/unsavedChanges/useUnsavedChangesGuard';
import { passwordChangeError, validatePasswordChange, type PasswordChangeValues } from './passwordChange';
import { SettingsSection } from './SettingsSection';

const EMPTY: PasswordChangeValues = { current: '', next: '', confirm: '' };

export function ChangePasswordSection() {
  const dispatch = useAppDispatch();
  const { field, submit, saving, failure, dirty } = useSaveForm({
    initial: EMPTY,
    validate: validatePasswordChange,
    // A changed password leaves the form blank.
    save: async (values) => {
      await changePassword(values.current, values.next);
      return EMPTY;
    },
    onSaved: () => dispatch(toastShown('Password changed successfully')),
    failureText: passwordChangeError,
  });
  useUnsavedChangesGuard(dirty);

  return (
    <SettingsSection title="Change password" description="Enter your current password, then the new one twice.">
      <Box component="form" noValidate onSubmit={submit} aria-label="Change password">
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          <TextField label="Current password" type="password" autoComplete="current-password" required {...field('current')} />
          <TextField label="New password" type="password" autoComplete="new-password" required {...field('next')} />
          <TextField label="Confirm new password" type="password" autoComplete="new-password" required {...field('confirm')} />
          <FormSubmit failure={failure} busy={saving} label="Change password" busyLabel="Changing..." />
        </Stack>
      </Box>
    </SettingsSection>
  );
}
