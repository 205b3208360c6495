import { authErrorCode, authErrorMessage, passwordProblem } from '../../auth/authErrors';

export interface PasswordChangeValues {
  current: string;
  next: string;
  confirm: string;
}

export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeValues, string>>;

export function validatePasswordChange(values: PasswordChangeValues): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (!values.current) errors.current = 'Please enter your current password';
  const weak = passwordProblem(values.next);
  if (weak) errors.next = weak;
  else if (values.next === values.current) errors.next = 'The new password must differ from the current one';
  if (!errors.next && values.confirm !== values.next) errors.confirm = 'The new passwords do not match';
  return errors;
}

const WRONG_CURRENT = ['auth/invalid-credential', 'auth/invalid-login-credentials', 'auth/wrong-password'];

/** Plain words for a failed change; a rejected credential here can only be the current password. */
export function passwordChangeError(error: unknown): string {
  if (WRONG_CURRENT.includes(authErrorCode(error) ?? '')) return 'The current password is incorrect.';
  return authErrorMessage(error) ?? 'Failed to change password';
}
