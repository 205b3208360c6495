/**
 * Plain words for the identity provider's error codes (spec §8 and the common ones). A rejected
 * email or password has none: each screen says it in its own words (sign-in: spec §8's
 * 'Failed to sign in. Please check your credentials.').
 */
const messages: Record<string, string> = {
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/missing-password': 'Please enter your password.',
  'auth/email-already-in-use': 'An account with this email address already exists.',
  'auth/weak-password': 'The password must be at least 6 characters long.',
  'auth/password-does-not-meet-requirements': 'The password does not meet the requirements.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': 'Cannot reach the sign-in service. Check your connection and try again.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/user-token-expired': 'Your session has expired. Please sign in again.',
  'auth/requires-recent-login': 'For your security, please sign in again and retry.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled.',
  'auth/invalid-api-key': 'Tally is misconfigured (invalid API key). Please contact support.',
  'auth/unauthorized-domain': 'This site is not allowed to sign in. Please contact support.',
  'auth/web-storage-unsupported': 'Your browser blocks the storage Tally needs to keep you signed in.',
  'auth/popup-blocked': 'The sign-in window was blocked by your browser.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before finishing.',
  'auth/cancelled-popup-request': 'The sign-in window was closed before finishing.',
  'auth/multi-factor-auth-required': 'This account needs a second sign-in step that Tally does not support yet.',
  'auth/user-mismatch': 'Those credentials belong to a different account.',
  'auth/login-blocked': 'Sign-in was blocked. Please try again later.',
  'auth/tenant-id-mismatch': 'This account belongs to a different organisation.',
  'auth/missing-recaptcha-token': 'The bot check failed. Please try again.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again.',
};

export function authErrorCode(error: unknown): string | null {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : null;
}

/** The plain message for a code, or null when the code is unknown. */
export function authErrorMessage(error: unknown): string | null {
  const code = authErrorCode(error);
  return code ? (messages[code] ?? null) : null;
}

/** Default password policy of the provider (spec §5): at least 6 characters. */
export const MIN_PASSWORD_LENGTH = 6;
export function passwordProblem(password: string): string | null {
  return password.length < MIN_PASSWORD_LENGTH ? `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.` : null;
}
