import { Type, type Static } from 'typebox';
import { EMAIL_PATTERN, MAX_ALLOWED_SENDERS, MAX_EMAIL_LENGTH } from './constants/mailIn';
// The client takes these from ./constants/mailIn, which has no schema library behind it.
export { EMAIL_PATTERN, MAIL_MAX_BYTES, MAIL_MAX_RECEIPTS, MAX_ALLOWED_SENDERS, MAX_EMAIL_LENGTH } from './constants/mailIn';

const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: MAX_EMAIL_LENGTH, description: 'An e-mail address' });

/** GET /api/mail-in: where to send receipts, and from whom they are taken. */
export const MailIn = Type.Object({
  address: Type.String({ description: "The person's private address on Tally's mail listener; mail sent or forwarded there lands in the review queue" }),
  own_email: Type.String({ description: "The account's own e-mail address, always an allowed sender" }),
  allowed_senders: Type.Array(Type.String(), { description: 'Other addresses whose mail is read, in the order given' }),
});
export type MailIn = Static<typeof MailIn>;

/** PUT /api/mail-in/senders: the whole list of other allowed senders. */
export const MailSendersBody = Type.Object(
  { senders: Type.Array(Email, { maxItems: MAX_ALLOWED_SENDERS, description: `At most ${MAX_ALLOWED_SENDERS}; compared without regard to case` }) },
  { additionalProperties: false },
);
export type MailSendersBody = Static<typeof MailSendersBody>;
