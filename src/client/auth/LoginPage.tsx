import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, Checkbox, FormControlLabel, Link, Typography } from '@mui/material';
import { AuthField } from './AuthField';
import { FormAlert } from '../ui/FormAlert';
import { AuthLayout } from './AuthLayout';
import { authErrorMessage } from './authErrors';
import { sendPasswordReset, signIn } from './actions';

type ResetState = 'idle' | 'sending' | 'sent';

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false); // spec §2: shown, has no effect
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [reset, setReset] = useState<ResetState>('idle');
  const [notice, setNotice] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (!email.trim() || !password) {
      setError('Please fill in all fields');
      return;
    }
    setError(null);
    setSigningIn(true);
    try {
      await signIn(email, password);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/', { replace: true });
    } catch (err) {
      setError(authErrorMessage(err) ?? 'Failed to sign in. Please check your credentials.');
      setSigningIn(false);
    }
  };

  const onForgot = async () => {
    setNotice(null);
    if (!email.trim()) {
      setError('Please enter your email address to reset your password');
      return;
    }
    setError(null);
    setReset('sending');
    try {
      await sendPasswordReset(email);
      setReset('sent');
      setNotice('Password reset email sent! Please check your inbox.');
    } catch (err) {
      setReset('idle');
      setError(authErrorMessage(err) ?? 'Failed to send password reset email');
    }
  };

  return (
    <AuthLayout title="Sign in to your account">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FormAlert message={error} sx={{ mb: 2 }} />
        <FormAlert message={notice} severity="success" sx={{ mb: 2 }} />
        <AuthField label="Email address" type="email" name="email" autoComplete="email" value={email} onValue={setEmail} autoFocus />
        <AuthField label="Password" type="password" name="password" autoComplete="current-password" value={password} onValue={setPassword} />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mt: 1 }}>
          <FormControlLabel control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />} label="Remember me" />
          <Button variant="text" size="small" onClick={onForgot} disabled={reset === 'sending'}>
            {reset === 'sending' ? 'Sending...' : 'Forgot your password?'}
          </Button>
        </Box>
        <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={signingIn}>
          {signingIn ? 'Signing in...' : 'Sign in'}
        </Button>
        <Typography variant="body2" align="center" sx={{ mt: 3 }}>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to="/register">
            Sign up
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}
