import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Divider, InputAdornment, Paper, Stack, TextField } from '@mui/material';
import type { Profile } from '../../../shared/profile';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../app/uiSlice';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { failureMessage } from '../../ui/failureMessage';
import { AvatarPicker } from './AvatarPicker';
import { useGetProfileQuery, useUpdateProfileMutation } from './profileApi';
import { profileFormValues, toProfileUpdate, validateProfileForm, type ProfileFormErrors, type ProfileFormValues } from './profileForm';

/** /profile (spec §2): the profile form with the avatar. */
export default function ProfilePage() {
  const { data: profile, isLoading, isError, refetch } = useGetProfileQuery();
  return (
    <>
      <PageHeader title="Profile" subtitle="Your name, picture and monthly budget." />
      {isLoading ? <LoadingView /> : isError || !profile ? <ErrorState message="Failed to load profile" onRetry={refetch} /> : <ProfileForm key={profile.user_id} profile={profile} />}
    </>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const dispatch = useAppDispatch();
  const [update, { isLoading: saving }] = useUpdateProfileMutation();
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(profile));
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);

  const field = (key: keyof ProfileFormValues) => ({
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
    const found = validateProfileForm(values);
    setErrors(found);
    setSaveError(null);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await update(toProfileUpdate(values)).unwrap();
      setValues(profileFormValues(saved));
      dispatch(toastShown('Profile updated successfully', 'success'));
    } catch (err) {
      setSaveError(failureMessage('Failed to update profile', err));
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <AvatarPicker profile={profile} />
      <Divider sx={{ my: 3 }} />
      <Box component="form" noValidate onSubmit={submit} aria-label="Profile">
        <Stack spacing={2.5}>
          <TextField label="Display Name" required fullWidth {...field('display_name')} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField label="Email" fullWidth value={profile.email} helperText="Email cannot be changed" slotProps={{ input: { readOnly: true } }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <TextField label="First Name" fullWidth {...field('first_name')} slotProps={{ htmlInput: { maxLength: 100 } }} />
            <TextField label="Last Name" fullWidth {...field('last_name')} slotProps={{ htmlInput: { maxLength: 100 } }} />
          </Stack>
          <TextField
            label="Monthly Budget"
            type="number"
            fullWidth
            {...field('monthly_budget')}
            helperText={errors.monthly_budget ?? 'Leave empty for no budget. The dashboard shows the same amount.'}
            slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
          />
          {saveError && (
            <Alert severity="error" role="alert">
              {saveError}
            </Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={saving}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
