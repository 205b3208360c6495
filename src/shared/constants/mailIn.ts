/** Receipts by e-mail (issue 53): the limits of Tally's own mail listener and of the allowed senders. */

/** The largest mail taken whole, as the SMTP SIZE extension announces it; a larger one is refused (552) and nothing of it kept. */
export const MAIL_MAX_BYTES = 25 * 1024 * 1024;
/** Receipt files (photos and PDFs) one mail may carry, each a draft; past it the mail is refused with the reason. */
export const MAIL_MAX_RECEIPTS = 10;
/** Recipients one mail may name; more are refused at RCPT. */
export const MAIL_MAX_RECIPIENTS = 10;
/** Addresses besides the account's own that a person allows to send them receipts. */
export const MAX_ALLOWED_SENDERS = 20;
/** The longest e-mail address (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** An e-mail address as the senders list takes it: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** Lines of a text or HTML e-receipt read at most: a receipt, not a newsletter. */
export const MAIL_TEXT_MAX_LINES = 400;
