import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { AuthField } from './AuthField';
import { FormAlert } from '../ui/FormAlert';
import { AuthLayout } from './AuthLayout';
import { authErrorMessage, passwordProblem } from './authErrors';
import { checkResetCode, completePasswordReset } from './actions';
import { LoadingView } from '../ui/LoadingView';

type Phase =
  { name: 'checking' } | { name: 'invalid'; message: string } | { name: 'ready'; email: string } | { name: 'saving'; email: string } | { name: 'done' };

/**
 * The page the password-reset email links to (Firebase's custom action URL): checks the code,
 * takes the new password, and sends the person to sign in with it.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('oobCode') ?? '';
  const [phase, setPhase] = useState<Phase>(() =>
    code ? { name: 'checking' } : { name: 'invalid', message: 'This password reset link is incomplete. Please request a new one.' },
  );
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!code) return;
    checkResetCode(code).then(
      (email) => setPhase({ name: 'ready', email }),
      () => setPhase({ name: 'invalid', message: 'This password reset link has expired or was already used. Please request a new one.' }),
    );
  }, [code]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (phase.name !== 'ready') return;
    const weak = passwordProblem(password);
    if (weak) return setError(weak);
    if (password !== confirm) return setError('The two passwords do not match.');
    setError(null);
    setPhase({ name: 'saving', email: phase.email });
    try {
      await completePasswordReset(code, password);
      setPhase({ name: 'done' });
    } catch (err) {
      setError(authErrorMessage(err) ?? 'Failed to reset the password. Please request a new link.');
      setPhase({ name: 'ready', email: phase.email });
    }
  };

  if (phase.name === 'checking') return <LoadingView />;
  return (
    <AuthLayout title="Choose a new password">
      {phase.name === 'invalid' && <Alert severity="error">{phase.message}</Alert>}
      {phase.name === 'done' && (
        <Alert severity="success" role="status">
          Your password has been changed. You can now sign in with it.
        </Alert>
      )}
      {(phase.name === 'ready' || phase.name === 'saving') && (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            For {phase.email}
          </Typography>
          <FormAlert message={error} sx={{ my: 1 }} />
          <AuthField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onValue={setPassword}
            helperText="At least 6 characters"
            autoFocus
          />
          <AuthField label="Confirm new password" type="password" autoComplete="new-password" value={confirm} onValue={setConfirm} />
          <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={phase.name === 'saving'}>
            {phase.name === 'saving' ? 'Saving...' : 'Save new password'}
          </Button>
        </Box>
      )}
      <Typography variant="body2" align="center" sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      </Typography>
    </AuthLayout>
  );
}
