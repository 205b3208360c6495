/**
 * Tally's own mail listener (smtp-server): a recipient is a person's private address or refused
 * at RCPT (550, with the reason); a mail is taken whole, up to MAIL_MAX_BYTES, read by mailparser
 * and handed to the drafts (delivery.ts says what it becomes). Every refusal has its reason; a
 * failure of Tally's own is a temporary 451, so the sending server tries again and nothing
 * accepted is lost: a 250 is answered only once the drafts are committed.
 */
import type { ParsedMail } from 'mailparser';
import type { SMTPServer, SMTPServerAddress, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import type * as SmtpServer from 'smtp-server';
import { onFirstUse } from '../../onFirstUse';
import { MAIL_MAX_BYTES, MAIL_MAX_RECIPIENTS } from '../../../shared/constants/mailIn';
import { HttpError } from '../../errors';
import { parseMessage, senderOf } from '../../mail/messageText';
import type { DraftService } from '../drafts/service';
import { sortMail } from './delivery';
import type { MailInService } from './service';

/** Connections served at once: each may hold one mail of MAIL_MAX_BYTES while it is read. */
const MAX_CLIENTS = 8;
/** A client silent this long is disconnected. */
const SOCKET_TIMEOUT_MS = 60_000;
/** On shutdown, connections still open after this are ended (a mail cut short was not answered 250: its sender tries again). */
const CLOSE_TIMEOUT_MS = 5_000;

export const MAIL_TOO_LARGE = `The mail is too large: Tally takes mails of at most ${MAIL_MAX_BYTES / 1024 / 1024} MB.`;
export const NOT_MIME = 'The mail could not be read as a MIME message';
export const ONE_PERSON = 'One Tally address per mail: send to this recipient separately';
export const TRY_LATER = 'Tally could not take this mail just now. Please try again later.';

export interface MailListenerDeps {
  mailIn: MailInService;
  drafts: DraftService;
  domain: string;
  log: (err: unknown, what: string) => void;
}

/** A recipient accepted at RCPT, with the person it is for. */
// Loaded only where a listener is started (MAIL_PORT): a server without one never holds it.
const smtpServer = onFirstUse<typeof SmtpServer>('smtp-server');

type Recipient = SMTPServerAddress & { userId?: string };

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** A refusal of the API's kind as SMTP says it: too many drafts or a busy queue are temporary (try later), bad input is not. */
function asSmtp(err: HttpError): Error {
  if (err.statusCode === 429) return smtpError(452, err.message);
  if (err.statusCode === 503) return smtpError(451, err.message);
  if (err.statusCode === 413) return smtpError(552, err.message);
  return smtpError(550, err.message);
}

/** Reads the message up to the limit; past it the rest is drained and null answered. */
async function readMessage(stream: SMTPServerDataStream): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAIL_MAX_BYTES) chunks.push(chunk);
    else chunks.length = 0;
  }
  return stream.sizeExceeded || size > MAIL_MAX_BYTES ? null : Buffer.concat(chunks);
}

export function createMailListener(deps: MailListenerDeps): SMTPServer {
  const { mailIn, drafts } = deps;

  const onRcptTo = async (address: Recipient, session: SMTPServerSession): Promise<void> => {
    const accepted = session.envelope.rcptTo as Recipient[];
    if (accepted.length >= MAIL_MAX_RECIPIENTS) throw smtpError(452, `Too many recipients: at most ${MAIL_MAX_RECIPIENTS} a mail`);
    const who = await mailIn.recipient(address.address);
    if ('refused' in who) throw smtpError(550, who.refused);
    // One person per mail, so each mail's drafts commit together or not at all; the sender sends the rest again.
    if (accepted[0] && accepted[0].userId !== who.userId) throw smtpError(452, ONE_PERSON);
    await drafts.admit(who.userId);
    address.userId = who.userId;
  };

  const onData = async (stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> => {
    const message = await readMessage(stream);
    if (!message) throw smtpError(552, MAIL_TOO_LARGE);
    const userId = (session.envelope.rcptTo as Recipient[])[0].userId!;
    let parsed: ParsedMail;
    try {
      parsed = await parseMessage(message);
    } catch (err) {
      throw smtpError(550, `${NOT_MIME}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
    const sender = senderOf(parsed, envelopeFrom || null);
    const sorted = sortMail(message, parsed, sender, await mailIn.allowsSender(userId, sender));
    if (sorted instanceof HttpError) throw asSmtp(sorted);
    const made = await drafts.receiveMail(userId, sorted);
    return `${made === 1 ? 'One receipt is' : `${made} receipts are`} waiting for review in Tally`;
  };

  /** A handler's outcome told to smtp-server; anything unexpected is Tally's failure: logged, and a temporary refusal. */
  const settle = <T>(work: Promise<T>, callback: (err?: Error | null, result?: T) => void): void => {
    work.then(
      (result) => callback(null, result),
      (err: unknown) => {
        if (err instanceof HttpError) return callback(asSmtp(err));
        if (err instanceof Error && 'responseCode' in err) return callback(err);
        deps.log(err, 'mail listener');
        callback(smtpError(451, TRY_LATER));
      },
    );
  };

  const server = new (smtpServer().SMTPServer)({
    name: deps.domain,
    banner: 'Tally receipts',
    size: MAIL_MAX_BYTES,
    authOptional: true,
    // Plain SMTP on a local port: TLS and spam checks belong to the mail server in front (docs/operations.md).
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    maxClients: MAX_CLIENTS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    closeTimeout: CLOSE_TIMEOUT_MS,
    logger: false,
    onRcptTo: (address, session, callback) => settle(onRcptTo(address, session), callback),
    onData: (stream, session, callback) => settle(onData(stream, session), callback),
  });
  server.on('error', (err) => deps.log(err, 'mail listener'));
  return server;
}
