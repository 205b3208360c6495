import { Box, Divider, Paper, Stack, TextField } from '@mui/material';
import { DollarField } from '../../ui/DollarField';
import type { Profile } from '../../../shared/profile';
import { MAX_DISPLAY_NAME, MAX_PERSON_NAME } from '../../../shared/constants/profile';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { failureMessage } from '../../api/failureMessage';
import { FormSubmit } from '../../ui/FormSubmit';
import { useSaveForm } from '../../ui/useSaveForm';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { useUnsavedChangesGuard } from '../../ui/unsavedChanges/useUnsavedChangesGuard';
import { AvatarPicker } from './AvatarPicker';
import { useGetProfileQuery, useUpdateProfileMutation } from './profileApi';
import { profileFormValues, toProfileUpdate, validateProfileForm } from './profileForm';

/** /profile (spec §2): the profile form with the avatar. */
export default function ProfilePage() {
  const { data: profile, isLoading, isError, refetch } = useGetProfileQuery();
  return (
    <>
      <PageHeader title="Profile" subtitle="Your name, picture and monthly budget." />
      {isLoading ? (
        <LoadingView />
      ) : isError || !profile ? (
        <ErrorState message="Failed to load profile" onRetry={refetch} />
      ) : (
        <ProfileForm key={profile.user_id} profile={profile} />
      )}
    </>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const [update] = useUpdateProfileMutation();
  const dispatch = useAppDispatch();
  const { errors, field, submit, saving, failure, dirty } = useSaveForm({
    initial: () => profileFormValues(profile),
    validate: validateProfileForm,
    save: async (values) => profileFormValues(await update(toProfileUpdate(values)).unwrap()),
    onSaved: () => dispatch(toastShown('Profile updated successfully')),
    failureText: (err) => failureMessage('Failed to update profile', err),
  });
  useUnsavedChangesGuard(dirty);

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <AvatarPicker profile={profile} />
      <Divider sx={{ my: 3 }} />
      <Box component="form" noValidate onSubmit={submit} aria-label="Profile">
        <Stack spacing={2.5}>
          <TextField label="Display Name" required fullWidth {...field('display_name')} slotProps={{ htmlInput: { maxLength: MAX_DISPLAY_NAME } }} />
          <TextField label="Email" fullWidth value={profile.email} helperText="Email cannot be changed" slotProps={{ input: { readOnly: true } }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <TextField label="First Name" fullWidth {...field('first_name')} slotProps={{ htmlInput: { maxLength: MAX_PERSON_NAME } }} />
            <TextField label="Last Name" fullWidth {...field('last_name')} slotProps={{ htmlInput: { maxLength: MAX_PERSON_NAME } }} />
          </Stack>
          <DollarField
            label="Monthly Budget"
            fullWidth
            {...field('monthly_budget')}
            helperText={errors.monthly_budget ?? 'Leave empty for no budget. The dashboard shows the same amount.'}
          />
          <FormSubmit failure={failure} busy={saving} label="Save Changes" busyLabel="Saving..." />
        </Stack>
      </Box>
    </Paper>
  );
}
