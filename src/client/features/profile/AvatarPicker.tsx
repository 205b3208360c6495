import { useState, type ChangeEvent } from 'react';
import { Avatar, Box, Button, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import type { Profile } from '../../../shared/profile';
import { resolveAssetUrl } from '../../app/config';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { failureMessage } from '../../api/failureMessage';
import { useUploadAvatarMutation } from './profileApi';
import { AVATAR_ACCEPT, avatarFileProblem } from './profileForm';
import { FormAlert } from '../../ui/FormAlert';
import { NeedsServer } from '../../ui/NeedsServer';

/** The profile's picture with a button to change it (JPG or PNG, spec §5). */
export function AvatarPicker({ profile }: { profile: Profile }) {
  const dispatch = useAppDispatch();
  const [upload, { isLoading }] = useUploadAvatarMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const name = profile.display_name || profile.email;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Let the same file be chosen again after a failure.
    e.target.value = '';
    if (!file) return;
    const found = avatarFileProblem(file);
    setProblem(found);
    if (found) return;
    try {
      await upload(file).unwrap();
      dispatch(toastShown('Avatar updated successfully', 'success'));
    } catch (err) {
      setProblem(failureMessage('Failed to update avatar', err));
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Avatar
        src={resolveAssetUrl(profile.avatar ?? profile.avatar_url)}
        alt={`${name}'s avatar`}
        sx={{ width: 88, height: 88, fontSize: 36, bgcolor: 'secondary.main' }}
        data-testid="profile-avatar"
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box>
        <NeedsServer>
          <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />} disabled={isLoading}>
            {isLoading ? 'Uploading...' : 'Change avatar'}
            <input type="file" hidden accept={AVATAR_ACCEPT} onChange={choose} data-testid="avatar-input" />
          </Button>
        </NeedsServer>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          JPG or PNG, up to 5 MB
        </Typography>
      </Box>
      <FormAlert message={problem} sx={{ width: '100%' }} />
    </Box>
  );
}
