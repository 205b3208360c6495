import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import { Box, Button, Link, Typography } from '@mui/material';
import { AuthField } from './AuthField';
import { FormAlert } from '../ui/FormAlert';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectSessionStatus } from './sessionSlice';
import { LoadingView } from '../ui/LoadingView';
import { errorMessage } from '../api/api';
import { useRegisterMutation } from './registerApi';
import { AuthLayout } from './AuthLayout';
import { authErrorMessage, passwordProblem } from './authErrors';
import { createAccount } from './actions';
import { MAX_DISPLAY_NAME } from '../../shared/constants/profile';

export default function RegisterPage() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [register] = useRegisterMutation();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useAppSelector(selectSessionStatus);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!displayName.trim() || !email.trim() || !password) {
      setError('Please fill in all fields');
      return;
    }
    const weak = passwordProblem(password);
    if (weak) {
      setError(`Failed to create an account: ${weak}`);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const account = await createAccount(dispatch, displayName, email, password);
      await register({ user_id: account.uid, email: account.email, display_name: displayName.trim() }).unwrap();
      navigate('/', { replace: true });
    } catch (err) {
      setError(`Failed to create an account: ${authErrorMessage(err) ?? errorMessage(err, 'Please try again.')}`);
      setBusy(false);
    }
  };

  // Not while registering: the new account signs in before its profile is stored.
  if (status === 'loading') return <LoadingView />;
  if (status === 'signedIn' && !busy) return <Navigate to="/" replace />;

  return (
    <AuthLayout title="Create your account">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FormAlert message={error} sx={{ mb: 2 }} />
        <AuthField
          label="Display Name"
          name="displayName"
          autoComplete="name"
          required
          value={displayName}
          onValue={setDisplayName}
          autoFocus
          inputProps={{ maxLength: MAX_DISPLAY_NAME }}
        />
        <AuthField label="Email address" type="email" name="email" autoComplete="email" required value={email} onValue={setEmail} />
        <AuthField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          helperText="At least 6 characters"
          value={password}
          onValue={setPassword}
        />
        <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={busy}>
          {busy ? 'Creating account...' : 'Create account'}
        </Button>
        <Typography variant="body2" align="center" sx={{ mt: 3 }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}
