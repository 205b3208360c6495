/** What one mail becomes in a person's review queue: the rules, apart from SMTP (listener.ts). */
import type { ParsedMail } from 'mailparser';
import { MAIL_MAX_RECEIPTS } from '../../../shared/constants/mailIn';
import { hasAmounts, receiptFilesOf, receiptTextOf } from '../../mail/messageText';
import { payloadTooLarge, type HttpError } from '../../errors';
import type { MailDrafts } from '../drafts/service';

export const TOO_MANY_RECEIPTS = `A mail may carry at most ${MAIL_MAX_RECEIPTS} receipts (photos or PDFs). Send them in several mails.`;
export const NOTHING_RECEIPT_LIKE =
  'This mail carries no photo or PDF, and its text names no amount, so there was nothing to read as a receipt. Enter it by hand, or discard it.';

/** The reason a mail from a sender not allowed is kept unread. */
export function notAllowed(sender: string | null): string {
  return `This mail came from ${sender ?? 'an unknown sender'}, which is not your account's address or one of your allowed senders (Settings, Receipts by e-mail), so it was not read. Enter the receipt by hand, or discard it.`;
}

/**
 * A mail sorted for the drafts: from a sender not allowed, kept unread with the reason (nothing
 * of it is read, not even its files); else each photo or PDF a draft; else its text read as an
 * e-receipt when it names an amount; else kept unread, saying there was nothing to read. Too many
 * files refuse the whole mail (413), so nothing is half taken.
 */
export function sortMail(message: Buffer, mail: ParsedMail, sender: string | null, allowed: boolean): MailDrafts | HttpError {
  if (!allowed) return { message, files: [], unread: notAllowed(sender) };
  const files = receiptFilesOf(mail);
  if (files.length > MAIL_MAX_RECEIPTS) return payloadTooLarge(TOO_MANY_RECEIPTS);
  if (files.length) return { message, files: files.map((f) => ({ name: f.name, read: () => Promise.resolve(f.bytes) })), unread: null };
  return { message, files: [], unread: hasAmounts(receiptTextOf(mail)) ? null : NOTHING_RECEIPT_LIKE };
}
