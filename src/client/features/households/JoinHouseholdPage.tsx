import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, Paper, Typography } from '@mui/material';
import { failureMessage } from '../../api/failureMessage';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { refreshEmailVerified, sendVerificationEmail } from '../../auth/actions';
import { authErrorMessage } from '../../auth/authErrors';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { toastShown } from '../../toasts/toastsSlice';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { INVITATION_PATH } from '../../../shared/constants/households';
import { useAcceptInvitationMutation, useDeclineInvitationMutation, useGetInvitationPreviewQuery } from './householdsApi';
import { HOUSEHOLDS_PATH, householdPath } from './householdPaths';
import { HOUSEHOLD_PURPOSE, invitedLine, isUnverifiedEmailRefusal } from './householdText';
import { NeedsServer } from '../../ui/NeedsServer';

const NOT_VERIFIED_YET = 'Your address is not verified yet. Open the link in the verification e-mail, then press "I have verified it".';

/** What the provider's refusal says, or the screen's own words when it has none a person can act on. */
const providerFailure = (base: string, err: unknown) => {
  const reason = authErrorMessage(err);
  return reason ? `${base}: ${reason}` : base;
};

/**
 * Where an invitation link opens (INVITATION_PATH): the token rides in the fragment, which never
 * reaches a server's logs. A signed-out person signs in first and comes back here (RequireAuth
 * keeps the fragment). The API names the household, and who invited, only to the verified
 * address the invitation was sent to: a person who registered here verifies it from this page,
 * through a mail whose link leads back to this same link.
 */
export default function JoinHouseholdPage() {
  const { hash } = useLocation();
  const token = hash.slice(1);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const email = useAppSelector(selectCurrentUser)?.email;
  const preview = useGetInvitationPreviewQuery(token, { skip: !token });
  const [accept, accepting] = useAcceptInvitationMutation();
  const [decline, declining] = useDeclineInvitationMutation();
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);
  const [verifyAsked, setVerifyAsked] = useState(false);
  const [verifiedNow, setVerifiedNow] = useState(false);
  // Reading the invitation is refused as answering it would be: an unverified address verifies first.
  const mustVerify = verifyAsked || (!verifiedNow && isUnverifiedEmailRefusal(preview.error));
  const [verifying, setVerifying] = useState<'sending' | 'checking' | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const busy = accepting.isLoading || declining.isLoading || verifying !== null;

  /** A refusal for an unverified address opens the verification steps; any other is shown as the API words it. */
  const refused = (base: string, err: unknown) => {
    if (isUnverifiedEmailRefusal(err)) setVerifyAsked(true);
    else setError(failureMessage(base, err));
  };

  const onAccept = async () => {
    setError(null);
    try {
      const household = await accept(token).unwrap();
      dispatch(toastShown(`You joined ${household.name}`, 'success'));
      navigate(householdPath(household._id), { replace: true });
    } catch (err) {
      refused('Could not accept the invitation', err);
    }
  };

  const onDecline = async () => {
    setError(null);
    try {
      await decline(token).unwrap();
      setDeclined(true);
    } catch (err) {
      refused('Could not decline the invitation', err);
    }
  };

  const onSendVerification = async () => {
    setError(null);
    setVerifying('sending');
    try {
      await sendVerificationEmail(`${window.location.origin}${INVITATION_PATH}#${token}`);
      setSentTo(email ?? 'your address');
    } catch (err) {
      setError(providerFailure('Could not send the verification e-mail', err));
    } finally {
      setVerifying(null);
    }
  };

  const onVerified = async () => {
    setError(null);
    setVerifying('checking');
    let verified: boolean;
    try {
      verified = await refreshEmailVerified(dispatch);
    } catch (err) {
      setError(providerFailure('Could not check your address', err));
      return;
    } finally {
      setVerifying(null);
    }
    if (!verified) {
      setError(NOT_VERIFIED_YET);
      return;
    }
    setVerifyAsked(false);
    setVerifiedNow(true);
    void preview.refetch();
    await onAccept();
  };

  return (
    <>
      <PageHeader title="Join a household" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        {!token ? (
          <FormAlert message="This link holds no invitation. Open the whole link you were sent, or ask for a new one." />
        ) : declined ? (
          <Typography role="status">You declined the invitation. Nothing was shared with you.</Typography>
        ) : mustVerify ? (
          <>
            <Typography variant="h6" component="h2">
              Verify your e-mail
            </Typography>
            <Typography sx={{ mt: 1 }}>
              An invitation can be answered only from the address it was sent to, once that address is verified. Send yourself a verification e-mail
              {email ? ` at ${email}` : ''}, open the link in it, then come back here and press &quot;I have verified it&quot;.
            </Typography>
            <FormAlert
              severity="success"
              message={sentTo && `Verification e-mail sent to ${sentTo}. Its link brings you back to this invitation.`}
              sx={{ mt: 2 }}
            />
            <FormAlert message={error} sx={{ mt: 2 }} />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
              <Button variant={sentTo ? 'outlined' : 'contained'} disabled={busy} onClick={() => void onSendVerification()}>
                {verifying === 'sending' ? 'Sending...' : sentTo ? 'Send it again' : 'Send verification e-mail'}
              </Button>
              <Button variant={sentTo ? 'contained' : 'outlined'} disabled={busy} onClick={() => void onVerified()}>
                {verifying === 'checking' ? 'Checking...' : 'I have verified it'}
              </Button>
            </Box>
          </>
        ) : preview.isLoading ? (
          <Typography role="status">Opening the invitation...</Typography>
        ) : preview.error && !verifiedNow ? (
          // Accepting would be refused the same way (not valid, answered, expired, another address).
          <FormAlert message={failureMessage('Could not open the invitation', preview.error)} />
        ) : (
          <>
            {preview.data && (
              <>
                <Typography variant="h6" component="h2">
                  Join {preview.data.household_name}
                </Typography>
                <Typography sx={{ mt: 1 }}>{invitedLine(preview.data, email)}</Typography>
              </>
            )}
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {HOUSEHOLD_PURPOSE}
            </Typography>
            <FormAlert message={error} sx={{ mt: 2 }} />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
              <NeedsServer>
                <Button variant="contained" disabled={busy} onClick={() => void onAccept()}>
                  {accepting.isLoading ? 'Joining...' : 'Accept'}
                </Button>
              </NeedsServer>
              <NeedsServer>
                <Button variant="outlined" disabled={busy} onClick={() => void onDecline()}>
                  {declining.isLoading ? 'Declining...' : 'Decline'}
                </Button>
              </NeedsServer>
            </Box>
          </>
        )}
        {(declined || !token || (preview.error && !mustVerify && !verifiedNow)) && (
          <Button component={RouterLink} to={HOUSEHOLDS_PATH} sx={{ mt: 2 }}>
            Go to my households
          </Button>
        )}
      </Paper>
    </>
  );
}
