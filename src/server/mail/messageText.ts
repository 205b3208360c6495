/**
 * What Tally reads of a mail: the receipt files it carries and, when there are none, the text of
 * the message itself (an HTML or plain-text e-receipt). Shared by the mail listener, which decides
 * what a mail becomes, and the scan job, which reads a kept message's text.
 */
import type { ParsedMail } from 'mailparser';
import type * as MailParser from 'mailparser';
import { onFirstUse } from '../onFirstUse';
import { sniffReceiptFileType } from '../images/upload';
import { PDF_TYPE } from '../../shared/constants/scan';
import { MAIL_TEXT_MAX_LINES } from '../../shared/constants/mailIn';
import { htmlToLines, WIDE_GAP } from './htmlText';

// Loaded with the first mail: a server that never receives one does not hold mailparser (about 20 MB).
const mailparser = onFirstUse<typeof MailParser>('mailparser');

/** A mail kept whole as a draft's original (.eml). */
export const MESSAGE_TYPE = 'message/rfc822';

/** A photo or PDF a mail carries: attached, or inline as its body. */
export interface MailFile {
  name: string;
  bytes: Buffer;
}

/** Reads a whole message; mailparser takes almost anything, so what it refuses is a reason to give. */
export function parseMessage(bytes: Buffer): Promise<ParsedMail> {
  // The text is read from the HTML by htmlToLines; mailparser's own conversions are not needed.
  return mailparser().simpleParser(bytes, { skipHtmlToText: true, skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
}

/**
 * The mail's receipt files, told by their first bytes: every PDF (attached or inline), and every
 * photo attached. A picture the HTML shows in its body (a logo, a banner) is part of the message,
 * not a receipt.
 */
export function receiptFilesOf(mail: ParsedMail): MailFile[] {
  return mail.attachments.flatMap((part, i) => {
    const type = sniffReceiptFileType(part.content);
    if (!type || (type !== PDF_TYPE && part.related)) return [];
    return [{ name: part.filename || `attachment-${i + 1}`, bytes: part.content }];
  });
}

/** The message's text as receipt lines: its HTML laid out (cells side by side), else its plain text; at most MAIL_TEXT_MAX_LINES lines. */
export function receiptTextOf(mail: ParsedMail): string {
  const raw = mail.html ? htmlToLines(mail.html) : (mail.text ?? '');
  return raw
    .split(/\r?\n/)
    .map((line) => line.replace(/\t+| {2,}/g, WIDE_GAP).trimEnd())
    .filter((line) => line.trim())
    .slice(0, MAIL_TEXT_MAX_LINES)
    .join('\n');
}

/** Whether a text looks like a receipt at all: it names an amount of money (digits with two decimals). */
export function hasAmounts(text: string): boolean {
  return /\d[.,]\d{2}(?!\d)/.test(text);
}

/** The receipt text of a kept message (.eml), for the scan job. */
export async function receiptTextOfMessage(bytes: Buffer): Promise<string> {
  return receiptTextOf(await parseMessage(bytes));
}

/** The address the mail says it is from (its From header), else the envelope's sender; lower case. */
export function senderOf(mail: ParsedMail, envelopeFrom: string | null): string | null {
  const from = mail.from?.value.find((a) => a.address)?.address ?? envelopeFrom;
  return from ? from.trim().toLowerCase() : null;
}
