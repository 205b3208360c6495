import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import type { Identity } from '../../identity';
import type { AuthUser, TokenVerifier } from '../../plugins/auth';
import type { BlobStore } from '../../blobs/store';
import { badRequest, HttpError, unavailable } from '../../errors';
import { closeAccount } from '../../db/accountGate';
import type { AvatarStore } from '../avatar/store';
import type { Clock } from '../../clock';
import { forgetPerson } from '../households/service';
import { avatarOf, deleteAllUserRows } from './repository';

export const CONFIRMATION_MISMATCH = 'The confirmation does not match your email address. Nothing was deleted.';
export const DELETION_INCOMPLETE = 'Your account could not be deleted completely. Please sign in and try again.';

const isUserNotFound = (err: unknown) => (err as { code?: string })?.code === 'auth/user-not-found';

export interface AccountDeps {
  db: Db;
  identity: Identity;
  tokens: TokenVerifier;
  blobs: BlobStore;
  avatars: AvatarStore;
  log: FastifyBaseLogger;
  clock: Clock;
}

export class AccountService {
  constructor(private deps: AccountDeps) {}

  /**
   * Removes the user and everything they own: all rows, all stored images, the identity account.
   * The identity is disabled first (no new tokens), then the account is closed: writes already
   * running finish first and every later one is refused, so nothing can be added behind the
   * deletion. Rows and files go in one transaction, the files before the commit, so a failure
   * keeps the rows that name the files. If any step fails the identity is enabled again: the
   * account stays closed, and the person can sign in and delete it again to completion.
   */
  async delete(user: AuthUser, confirmation: string): Promise<void> {
    const { db, tokens, blobs, avatars } = this.deps;
    if (!user.email || confirmation.trim().toLowerCase() !== user.email.toLowerCase()) throw badRequest(CONFIRMATION_MISMATCH);

    await this.identityCall(() => this.deps.identity.auth.updateUser(user.uid, { disabled: true }));
    tokens.forgetUser(user.uid);
    try {
      await closeAccount(db, user.uid);
      await db.transaction().execute(async (trx) => {
        const avatar = await avatarOf(trx, user.uid);
        // Their household rows first: each becomes 'a former member' with no account (so the
        // others' shares keep their counterpart), and no row with their user_id is left there.
        await forgetPerson(trx, user, this.deps.clock());
        await deleteAllUserRows(trx, user.uid);
        await blobs.deleteAllForUser(user.uid, trx);
        await avatars.remove(avatar, trx);
      });
      await this.identityCall(() => this.deps.identity.auth.deleteUser(user.uid));
    } catch (err) {
      await this.deps.identity.auth.updateUser(user.uid, { disabled: false }).catch((e: unknown) => {
        if (!isUserNotFound(e)) this.deps.log.error({ err: e }, 'could not re-enable an account after a failed deletion');
      });
      if (err instanceof HttpError) throw err;
      this.deps.log.error({ err }, 'account deletion failed part-way');
      throw unavailable(DELETION_INCOMPLETE);
    } finally {
      tokens.forgetUser(user.uid);
    }
  }

  /** Identity provider calls: an account already gone is fine; an unreachable provider is a 503. */
  private async identityCall(call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
    } catch (err) {
      if (isUserNotFound(err)) return;
      this.deps.log.error({ err }, 'identity provider call failed during account deletion');
      throw unavailable('The sign-in service is unavailable, so your account could not be deleted. Please try again shortly.');
    }
  }
}
