import type { Db } from '../../db';
import { writeAsUser } from '../../db/accountGate';
import type { Clock } from '../../clock';
import type { MailIn } from '../../../shared/mailIn';
import { findProfile } from '../profile/service';
import { addressOf, newToken, normalAddress, tokenOf } from './address';
import { findToken, findTokenInUse, insertToken, listSenders, replaceSenders, retireTokens } from './repository';

/*
 * What other modules read or write through this one, inside their own transaction: nothing.
 * The mail listener beside it (listener.ts) reads addresses and senders through this class.
 */

export const UNKNOWN_ADDRESS = 'No such Tally address. Check the address in Settings, Receipts by e-mail.';
export const RETIRED_ADDRESS = 'This Tally address was replaced by a new one. Find the new address in Settings, Receipts by e-mail.';

/** Whom a recipient address is for: a person, or why it is refused. */
export type Recipient = { userId: string } | { refused: string };

/** Each person's private address on the mail listener, and whose mail is read there. */
export class MailInService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly domain: string,
  ) {}

  /** The person's address (made on first asking) and allowed senders; `signedInEmail` stands in for a profile not registered yet. */
  async get(userId: string, signedInEmail: string): Promise<MailIn> {
    let token = await findTokenInUse(this.db, userId);
    if (!token) {
      // Two first visits at once both insert; one is kept and both answer it.
      await writeAsUser(this.db, userId, (trx) => insertToken(trx, userId, newToken()));
      token = (await findTokenInUse(this.db, userId))!;
    }
    return this.answer(userId, token, signedInEmail);
  }

  /** 'Make a new address': the one in use is retired (mail to it is refused from now on) and a new one answers. */
  async newAddress(userId: string, signedInEmail: string): Promise<MailIn> {
    const token = newToken();
    await writeAsUser(this.db, userId, async (trx) => {
      await retireTokens(trx, userId, this.clock());
      await insertToken(trx, userId, token);
    });
    return this.answer(userId, token, signedInEmail);
  }

  /** Replaces the other allowed senders; the same address twice (in any case) is kept once, the account's own is never listed. */
  async setSenders(userId: string, signedInEmail: string, senders: string[]): Promise<MailIn> {
    const own = await this.ownEmail(userId, signedInEmail);
    const list = [...new Set(senders.map(normalAddress))].filter((a) => a !== own);
    await writeAsUser(this.db, userId, (trx) => replaceSenders(trx, userId, list));
    return this.get(userId, signedInEmail);
  }

  /** Whom mail to this address is for; an address that is no person's, or was retired, is refused with the reason. */
  async recipient(address: string): Promise<Recipient> {
    const token = tokenOf(address, this.domain);
    const row = token ? await findToken(this.db, token) : undefined;
    if (!row) return { refused: UNKNOWN_ADDRESS };
    if (row.retired_at) return { refused: RETIRED_ADDRESS };
    return { userId: row.user_id };
  }

  /** Whether mail from this address is read for the person: their account's own address or one they listed. */
  async allowsSender(userId: string, sender: string | null): Promise<boolean> {
    if (!sender) return false;
    const own = await this.ownEmail(userId, '');
    return sender === own || (await listSenders(this.db, userId)).includes(sender);
  }

  private async answer(userId: string, token: string, signedInEmail: string): Promise<MailIn> {
    return {
      address: addressOf(token, this.domain),
      own_email: await this.ownEmail(userId, signedInEmail),
      allowed_senders: await listSenders(this.db, userId),
    };
  }

  private async ownEmail(userId: string, signedInEmail: string): Promise<string> {
    return normalAddress((await findProfile(this.db, userId))?.email || signedInEmail);
  }
}
