import { authErrorMessage, passwordProblem } from '../../../src/client/auth/authErrors';

describe('authErrorMessage', () => {
  it.each([
    ['auth/email-already-in-use', 'An account with this email address already exists.'],
    ['auth/weak-password', 'The password must be at least 6 characters long.'],
    ['auth/too-many-requests', 'Too many attempts. Please wait a few minutes and try again.'],
    ['auth/network-request-failed', 'Cannot reach the sign-in service. Check your connection and try again.'],
    ['auth/user-disabled', 'This account has been disabled.'],
  ])('maps %s to plain words', (code, message) => {
    expect(authErrorMessage({ code })).toBe(message);
  });

  it.each(['auth/invalid-credential', 'auth/invalid-login-credentials', 'auth/wrong-password', 'auth/user-not-found'])(
    "leaves %s to the screen, which uses the spec's words",
    (code) => {
      expect(authErrorMessage({ code })).toBeNull();
    },
  );

  it('answers null for unknown codes and non-errors, so screens use their own fallback', () => {
    expect(authErrorMessage({ code: 'auth/something-new' })).toBeNull();
    expect(authErrorMessage(new Error('x'))).toBeNull();
    expect(authErrorMessage(undefined)).toBeNull();
  });
});

describe('passwordProblem', () => {
  it('enforces the default policy of at least 6 characters', () => {
    expect(passwordProblem('12345')).toBe('The password must be at least 6 characters long.');
    expect(passwordProblem('123456')).toBeNull();
  });
});
