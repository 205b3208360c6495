import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import type { Identity } from '../../identity';
import type { AuthUser } from '../../plugins/auth';
import type { Profile, ProfileUpdate } from '../../../shared/profile';
import { fromCents } from '../../../shared/money';
import { centsOf } from '../../money';
import { badRequest, notFound } from '../../errors';
import { writeAsUser } from '../../db/accountGate';
import type { Executor } from '../../db/schema';
import { seedDefaultCategories } from '../categories/service';
import { rolloverStartAt } from '../budgets/service';
import { findProfile, insertProfile, updateProfile, type ProfileRow } from './repository';
import type { Clock } from '../../clock';

/** What other modules read or write through this one, inside their own transaction. */
export { findProfile } from './repository';

/**
 * What other modules do inside the transaction of a profile change. They are handed in (see
 * moduleWiring.ts) because those modules read profiles: importing them here would make a circle.
 */
export interface ProfileHooks {
  /** A new profile (and its default categories) was created. */
  created(trx: Executor, userId: string): Promise<void>;
  /** The monthly budget or its rollover was set (`previousCents`: the budget before). */
  budgetChanged(trx: Executor, userId: string, previousCents: number | null, now: Date): Promise<void>;
}

export function toProfile(row: ProfileRow): Profile {
  return {
    user_id: row.user_id,
    display_name: row.display_name,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    monthly_budget: row.monthly_budget_cents === null ? null : fromCents(row.monthly_budget_cents),
    budget_rollover: row.budget_rollover,
    avatar: row.avatar,
    avatar_url: row.avatar_url,
  };
}

type ProfilePatch = Parameters<typeof updateProfile>[2];

/**
 * The one place a profile, and so the monthly budget, is written: a budget change re-arms or
 * fires the budget notifications in the same transaction. Answers the row, or undefined when
 * there is no profile.
 */
export async function writeProfile(db: Db, hooks: ProfileHooks, userId: string, patch: ProfilePatch, now: Date): Promise<ProfileRow | undefined> {
  return writeAsUser(db, userId, async (trx) => {
    const budgetTouched = patch.monthly_budget_cents !== undefined || patch.budget_rollover !== undefined;
    const before = budgetTouched ? await findProfile(trx, userId) : undefined;
    // Rollover counts from when it is turned on (the month before, so its leftover shows at once).
    const turnedOn = patch.budget_rollover === true && before && !before.budget_rollover;
    const updated = await updateProfile(trx, userId, turnedOn ? { ...patch, budget_rollover_from: rolloverStartAt(now) } : patch);
    if (updated && before) await hooks.budgetChanged(trx, userId, before.monthly_budget_cents, now);
    return updated;
  });
}

export class ProfileService {
  constructor(
    private db: Db,
    private identity: Identity,
    private log: FastifyBaseLogger,
    private hooks: ProfileHooks,
    private clock: Clock,
  ) {}

  /**
   * Creates the user's profile and default categories in one transaction. Idempotent: the
   * register call and the receipt area's create-on-404 may both arrive for one new account.
   */
  async ensureProfile(
    user: AuthUser,
    claimedUserId: string,
    displayName: string,
    avatarUrl: string | null = null,
  ): Promise<{ profile: Profile; created: boolean }> {
    if (claimedUserId !== user.uid) throw badRequest('user_id does not match the signed-in user');
    const name = displayName.trim() || user.name || user.email.split('@')[0] || 'Tally user';
    const created = await writeAsUser(this.db, user.uid, async (trx) => {
      const inserted = await insertProfile(trx, { user_id: user.uid, email: user.email, display_name: name, avatar_url: avatarUrl });
      if (inserted) {
        await seedDefaultCategories(trx, user.uid);
        await this.hooks.created(trx, user.uid);
      }
      return inserted;
    });
    const row = await findProfile(this.db, user.uid);
    return { profile: toProfile(row!), created };
  }

  async get(userId: string): Promise<Profile> {
    const row = await findProfile(this.db, userId);
    if (!row) throw notFound('Profile not found');
    return toProfile(row);
  }

  async update(userId: string, input: ProfileUpdate): Promise<Profile> {
    const patch: ProfilePatch = { display_name: input.display_name.trim() };
    if (input.first_name !== undefined) patch.first_name = input.first_name.trim();
    if (input.last_name !== undefined) patch.last_name = input.last_name.trim();
    if (input.budget_rollover !== undefined) patch.budget_rollover = input.budget_rollover;
    if (input.monthly_budget !== undefined) {
      if (input.monthly_budget === null) patch.monthly_budget_cents = null;
      else patch.monthly_budget_cents = centsOf(input.monthly_budget, 'monthly_budget');
    }
    const row = await writeProfile(this.db, this.hooks, userId, patch, this.clock());
    if (!row) throw notFound('Profile not found');
    await this.renameIdentity(userId, row.display_name);
    return toProfile(row);
  }

  /**
   * The identity account's name follows the profile's, so a new sign-in carries it too. The
   * profile is the source of truth: a failure here is logged, not the person's problem.
   */
  private async renameIdentity(userId: string, displayName: string): Promise<void> {
    try {
      await this.identity.auth.updateUser(userId, { displayName });
    } catch (err) {
      this.log.warn({ err, userId }, 'could not update the identity account display name');
    }
  }
}
