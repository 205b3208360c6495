import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, Paper, Typography } from '@mui/material';
import { failureMessage } from '../../api/failureMessage';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { toastShown } from '../../toasts/toastsSlice';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { useAcceptInvitationMutation, useDeclineInvitationMutation } from './householdsApi';
import { HOUSEHOLDS_PATH, householdPath } from './householdPaths';
import { HOUSEHOLD_PURPOSE } from './householdText';

/**
 * Where an invitation link opens (INVITATION_PATH): the token rides in the fragment, which never
 * reaches a server's logs. A signed-out person signs in first and comes back here (RequireAuth
 * keeps the fragment). The API names the household only to whoever accepts.
 */
export default function JoinHouseholdPage() {
  const { hash } = useLocation();
  const token = hash.slice(1);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const email = useAppSelector(selectCurrentUser)?.email;
  const [accept, accepting] = useAcceptInvitationMutation();
  const [decline, declining] = useDeclineInvitationMutation();
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);
  const busy = accepting.isLoading || declining.isLoading;

  const onAccept = async () => {
    setError(null);
    try {
      const household = await accept(token).unwrap();
      dispatch(toastShown(`You joined ${household.name}`, 'success'));
      navigate(householdPath(household._id), { replace: true });
    } catch (err) {
      setError(failureMessage('Could not accept the invitation', err));
    }
  };

  const onDecline = async () => {
    setError(null);
    try {
      await decline(token).unwrap();
      setDeclined(true);
    } catch (err) {
      setError(failureMessage('Could not decline the invitation', err));
    }
  };

  return (
    <>
      <PageHeader title="Join a household" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        {!token ? (
          <FormAlert message="This link holds no invitation. Open the whole link you were sent, or ask for a new one." />
        ) : declined ? (
          <Typography role="status">You declined the invitation. Nothing was shared with you.</Typography>
        ) : (
          <>
            <Typography>You have been invited to a household{email ? `, as ${email}` : ''}. You see its name and members once you accept.</Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {HOUSEHOLD_PURPOSE}
            </Typography>
            <FormAlert message={error} sx={{ mt: 2 }} />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
              <Button variant="contained" disabled={busy} onClick={() => void onAccept()}>
                {accepting.isLoading ? 'Joining...' : 'Accept'}
              </Button>
              <Button variant="outlined" disabled={busy} onClick={() => void onDecline()}>
                {declining.isLoading ? 'Declining...' : 'Decline'}
              </Button>
            </Box>
          </>
        )}
        {(declined || !token) && (
          <Button component={RouterLink} to={HOUSEHOLDS_PATH} sx={{ mt: 2 }}>
            Go to my households
          </Button>
        )}
      </Paper>
    </>
  );
}
