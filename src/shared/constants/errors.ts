/**
 * Machine-readable codes an error answer may carry beside its message (`code` of the error body),
 * for a client that acts on the refusal rather than showing it; the message stays for people.
 */
export const ERROR_CODES = [
  /** An invitation is answered or read only from a verified address: the client offers to verify it. */
  'email_not_verified',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const EMAIL_NOT_VERIFIED: ErrorCode = 'email_not_verified';
