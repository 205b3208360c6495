import { EMAIL_PATTERN, MAX_ALLOWED_SENDERS, MAX_EMAIL_LENGTH } from '../../../shared/constants/mailIn';

const emailRe = new RegExp(EMAIL_PATTERN);

/** Why an address cannot be added to the allowed senders, or null when it can (compared without regard to case). */
export function senderError(input: string, ownEmail: string, senders: readonly string[]): string | null {
  const address = input.trim().toLowerCase();
  if (!address) return 'Enter an e-mail address';
  if (address.length > MAX_EMAIL_LENGTH || !emailRe.test(address)) return 'Enter an e-mail address such as name@example.com';
  if (address === ownEmail.toLowerCase()) return "Your account's own address is always allowed";
  if (senders.includes(address)) return 'This address is already allowed';
  if (senders.length >= MAX_ALLOWED_SENDERS) return `At most ${MAX_ALLOWED_SENDERS} other senders`;
  return null;
}
