import crypto from 'node:crypto';
import type { Db } from '../../db';
import type { Executor } from '../../db/schema';
import { writeAsUser } from '../../db/accountGate';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { EMAIL_NOT_VERIFIED } from '../../../shared/constants/errors';
import { balancesOf, historyOf, householdNotFound, recordSettlement, sharedViews } from './shares';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../plugins/auth';
import {
  FORMER_MEMBER_NAME,
  HOUSEHOLD_MAX_MEMBERS,
  HOUSEHOLD_NAME_MAX,
  HOUSEHOLDS_PER_PERSON_MAX,
  INVITATION_LIFETIME_DAYS,
  INVITATION_PATH,
  INVITATION_TOKEN_BYTES,
  MEMBER_NAME_MAX,
  PENDING_INVITATIONS_MAX,
  HOUSEHOLD_PAGE_DEFAULT,
  type Balances,
  type HistoryEntry,
  type Household,
  type HouseholdPageQuery,
  type HouseholdSummary,
  type Invitation,
  type InvitationPreview,
  type Settlement,
  type SettlementBody,
  type SharedReceipt,
  type HouseholdSpending,
  type SpendingQuery,
} from '../../../shared/households';
import * as repo from './repository';
import type { MemberRow } from './repository';
import { deleteHouseholdCounted, detachCounted } from './counting';
import { spendingOf, spendingPeriod } from './spending';

/**
 * What other modules read or write through this one, inside their own transaction:
 * - account deletion: forgetPerson (their member rows become former members, households they
 *   alone were in go), before it deletes every row that carries their user_id.
 * - receipts: shareReceipt after every write of a receipt (shares it, divides it again, or
 *   stops sharing it), unshareReceipt when it is deleted, sharingOfReceipts for its answers.
 */
export { shareReceipt, unshareReceipt, sharingOfReceipts, HOUSEHOLD_NOT_FOUND, type ShareRequest, type ReceiptSharing, type SplitSpec } from './shares';
/** Export: what the person's receipts and others' shared with them count for them. */
export { countedOnOwnReceipts, sharesAnything, yourShares, sharedWithMePages } from './exported';
/** Backup and restore: the person's households, their receipts' sharing and their payments. */
export {
  householdsOfBackup,
  checkRoomForRestore,
  restoreHouseholds,
  restoreSharing,
  restoreSettlements,
  membersNamedBy,
  splitMapped,
  type HouseholdsOfBackup,
} from './backup';
/** Settings: a new home currency values the person's shares again (moduleWiring). */
export { recountSharesInHome } from './counting';

export const INVITATION_NOT_VALID = 'This invitation link is not valid.';

/** Text as a person typed it, trimmed; empty or too long is refused with what to do. */
function cleanName(text: string, what: string, max: number): string {
  const name = text.trim();
  if (!name) throw badRequest(`Give the ${what} a name.`);
  if (name.length > max) throw badRequest(`The ${what}'s name can be at most ${max} characters.`);
  return name;
}

/** An address as compared: trimmed and lower-case (e-mail providers ignore case). */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
function cleanEmail(text: string): string {
  const email = text.trim().toLowerCase();
  if (!EMAIL_RE.test(email)) throw badRequest('Enter the e-mail address to invite, like name@example.com.');
  return email;
}

export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const iso = (d: Date | string) => new Date(d).toISOString();

function toHousehold(household: { id: string; name: string; created_at: Date }, members: MemberRow[], me: MemberRow): Household {
  return {
    _id: household.id,
    name: household.name,
    created_at: iso(household.created_at),
    my_member_id: me.id,
    my_role: me.role,
    members: members.map((m) => ({
      _id: m.id,
      display_name: m.display_name,
      role: m.role,
      status: m.status,
      is_me: m.id === me.id,
      joined_at: iso(m.joined_at),
      left_at: m.left_at ? iso(m.left_at) : null,
    })),
  };
}

/**
 * A member leaves the household's current members (left, removed, or their account went): the
 * row stays as a former member, so the shares and balances that name it keep their counterpart.
 * When the owner goes, the signed-in member there longest owns it; when nobody signed in is left,
 * nobody could see the household again, so it goes.
 */
async function retire(trx: Executor, member: MemberRow, how: NonNullable<MemberRow['left_how']>, now: Date): Promise<void> {
  const next = member.status === 'active' ? await repo.longestActiveMember(trx, member.household_id, member.id) : undefined;
  if (member.status === 'active' && !next) {
    await deleteHouseholdCounted(trx, member.household_id, now);
    return;
  }
  if (member.role === 'owner' && next) await repo.updateMember(trx, member.household_id, next.id, { role: 'owner' });
  // What they shared stays the household's; their private receipts no longer reach it.
  await detachCounted(trx, member.household_id, member.id, now);
  await repo.updateMember(trx, member.household_id, member.id, { status: 'former', role: 'member', left_at: now, left_how: how });
}

/**
 * Account deletion, inside its transaction: every household the person is in hands their row
 * over as 'a former member' with no account (or goes, when they alone were in it), and their
 * invitations go. Afterwards no household row names their uid or their address.
 */
export async function forgetPerson(trx: Executor, user: Pick<AuthUser, 'uid' | 'email'>, now: Date): Promise<void> {
  for (const { household_id } of await repo.activeMembershipsOf(trx, user.uid)) {
    // The household first, as every write in it does, then the row as it is now.
    await repo.lockHousehold(trx, household_id);
    const member = await repo.personRow(trx, household_id, user.uid);
    if (member?.status === 'active') await retire(trx, member, 'account_deleted', now);
  }
  const rows = await repo.allRowsOf(trx, user.uid);
  await repo.deleteInvitationsOfPerson(
    trx,
    rows.map((r) => r.id),
    user.email.trim().toLowerCase(),
  );
  for (const row of rows) await repo.updateMember(trx, row.household_id, row.id, { user_id: null, display_name: FORMER_MEMBER_NAME });
  await repo.forgetCreator(trx, user.uid);
}

export class HouseholdService {
  constructor(
    private db: Db,
    private clock: Clock,
    /** The web app's address, where an invitation link opens. */
    private webOrigin: string,
  ) {}

  async list(userId: string): Promise<HouseholdSummary[]> {
    const rows = await repo.householdsOf(this.db, userId);
    return rows.map((r) => ({ _id: r.id, name: r.name, my_role: r.role, member_count: Number(r.member_count) }));
  }

  async get(userId: string, householdId: string): Promise<Household> {
    return this.view(this.db, await this.readAs(userId, householdId));
  }

  /** A page of the receipts shared with the household, newest first: never a member's private receipts. */
  async sharedReceipts(userId: string, householdId: string, query: HouseholdPageQuery): Promise<{ items: SharedReceipt[]; total: number }> {
    await this.readAs(userId, householdId);
    const { rows, total } = await repo.pageOf(this.db, 'shared_receipts', householdId, pageOf(query));
    return { items: await sharedViews(this.db, householdId, rows), total };
  }

  async balances(userId: string, householdId: string): Promise<Balances> {
    return balancesOf(this.db, await this.readAs(userId, householdId));
  }

  /** The household's spending in a period, by category and person, per currency (member-only, as every read). */
  async spending(userId: string, householdId: string, query: SpendingQuery): Promise<HouseholdSpending> {
    await this.readAs(userId, householdId);
    const period = spendingPeriod(query, this.clock());
    return spendingOf(this.db, householdId, period);
  }

  async settle(userId: string, householdId: string, body: SettlementBody): Promise<Settlement> {
    return this.asMember(userId, householdId, (trx, me) => recordSettlement(trx, me, body, this.clock()));
  }

  async history(userId: string, householdId: string, query: HouseholdPageQuery): Promise<{ items: HistoryEntry[]; total: number }> {
    await this.readAs(userId, householdId);
    const { entries, total } = await historyOf(this.db, householdId, pageOf(query));
    return { items: entries, total };
  }

  async create(user: AuthUser, name: string): Promise<Household> {
    const clean = cleanName(name, 'household', HOUSEHOLD_NAME_MAX);
    return writeAsUser(this.db, user.uid, async (trx) => {
      await this.roomForAnotherHousehold(trx, user.uid);
      const now = this.clock();
      const id = await repo.insertHousehold(trx, clean, user.uid, now);
      const me = await repo.insertMember(trx, {
        household_id: id,
        user_id: user.uid,
        display_name: displayNameOf(user),
        role: 'owner',
        status: 'active',
        joined_at: now,
      });
      return this.view(trx, me);
    });
  }

  async rename(userId: string, householdId: string, name: string): Promise<Household> {
    const clean = cleanName(name, 'household', HOUSEHOLD_NAME_MAX);
    return this.asMember(userId, householdId, async (trx, me) => {
      if (me.role !== 'owner') throw forbidden('Only the household’s owner can rename it.');
      await repo.renameHousehold(trx, householdId, clean);
      return this.view(trx, me);
    });
  }

  /** Deletes the household for everyone: its members, invitations and (later) what it shares. */
  async delete(userId: string, householdId: string): Promise<void> {
    await this.asMember(userId, householdId, async (trx, me) => {
      if (me.role !== 'owner') throw forbidden('Only the household’s owner can delete it.');
      await deleteHouseholdCounted(trx, householdId, this.clock());
    });
  }

  async addPlaceholder(userId: string, householdId: string, displayName: string): Promise<Household> {
    const name = cleanName(displayName, 'member', MEMBER_NAME_MAX);
    return this.asMember(userId, householdId, async (trx, me) => {
      await roomForAnotherMember(trx, householdId);
      await repo.insertMember(trx, {
        household_id: householdId,
        user_id: null,
        display_name: name,
        role: 'member',
        status: 'placeholder',
        joined_at: this.clock(),
      });
      return this.view(trx, me);
    });
  }

  /** The owner takes a member or a placeholder off the household's current members (see retire). */
  async removeMember(userId: string, householdId: string, memberId: string): Promise<Household> {
    return this.asMember(userId, householdId, async (trx, me) => {
      const member = await repo.memberOf(trx, householdId, memberId);
      if (!member || member.status === 'former') throw notFound('Member not found');
      if (member.id === me.id) throw badRequest('To leave the household yourself, use Leave.');
      if (me.role !== 'owner') throw forbidden('Only the household’s owner can remove members.');
      await retire(trx, member, 'removed', this.clock());
      return this.view(trx, me);
    });
  }

  async leave(userId: string, householdId: string): Promise<void> {
    await this.asMember(userId, householdId, (trx, me) => retire(trx, me, 'left', this.clock()));
  }

  /** An invitation link for an address; any member may invite. A new one replaces an open one to the same address. */
  async invite(userId: string, householdId: string, emailText: string): Promise<Invitation> {
    const email = cleanEmail(emailText);
    return this.asMember(userId, householdId, async (trx, me) => {
      const now = this.clock();
      await repo.deletePendingFor(trx, householdId, email);
      if ((await repo.countPendingInvitations(trx, householdId, now)) >= PENDING_INVITATIONS_MAX) {
        throw badRequest(`A household can have at most ${PENDING_INVITATIONS_MAX} invitations waiting for an answer.`);
      }
      const token = crypto.randomBytes(INVITATION_TOKEN_BYTES).toString('base64url');
      const expires = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 86_400_000);
      const row = await repo.insertInvitation(trx, {
        household_id: householdId,
        token_hash: tokenHash(token),
        email,
        invited_by: me.id,
        created_at: now,
        expires_at: expires,
      });
      return { _id: row.id, email: row.email, expires_at: iso(row.expires_at), link: `${this.webOrigin}${INVITATION_PATH}#${token}` };
    });
  }

  /**
   * Joins the household of the link: only the signed-in account whose verified address the
   * invitation was made for, once, before it expires. A former member comes back as their old row.
   */
  async accept(user: AuthUser, token: string): Promise<Household> {
    return writeAsUser(this.db, user.uid, async (trx) => {
      const invitation = await this.openInvitation(trx, user, token);
      const now = this.clock();
      const back = await repo.personRow(trx, invitation.household_id, user.uid);
      if (back?.status === 'active') throw conflict('You are already a member of this household.');
      await this.roomForAnotherHousehold(trx, user.uid);
      await roomForAnotherMember(trx, invitation.household_id);
      const fields = { display_name: displayNameOf(user), role: 'member' as const, status: 'active' as const, joined_at: now };
      let me: MemberRow;
      if (back) {
        await repo.updateMember(trx, back.household_id, back.id, { ...fields, left_at: null, left_how: null });
        me = { ...back, ...fields, left_at: null, left_how: null };
      } else {
        me = await repo.insertMember(trx, { household_id: invitation.household_id, user_id: user.uid, ...fields });
      }
      await repo.markInvitation(trx, invitation.id, { accepted_by: me.id, accepted_at: now });
      return this.view(trx, me);
    });
  }

  /**
   * What an invitation is for, before it is answered: the household's name, who invited and until
   * when; nothing else of the household. Refused exactly as accepting it would be, so only the
   * verified address it was sent to ever reads a name, and a guessed token is a 404.
   */
  async preview(user: AuthUser, token: string): Promise<InvitationPreview> {
    const invitation = await this.openInvitation(this.db, user, token, { lock: false });
    const household = await repo.householdById(this.db, invitation.household_id);
    // invited_by is null only if the inviter's row went (set null); say so as for a deleted account.
    const inviter = invitation.invited_by ? await repo.memberName(this.db, invitation.household_id, invitation.invited_by) : undefined;
    return { household_name: household!.name, invited_by: inviter ?? FORMER_MEMBER_NAME, expires_at: iso(invitation.expires_at) };
  }

  async decline(user: AuthUser, token: string): Promise<void> {
    await writeAsUser(this.db, user.uid, async (trx) => {
      const invitation = await this.openInvitation(trx, user, token);
      await repo.markInvitation(trx, invitation.id, { declined_at: this.clock() });
    });
  }

  /** The invitation a token opens, for this person, still open; each refusal says why. */
  private async openInvitation(trx: Executor, user: AuthUser, token: string, opts = { lock: true }): Promise<repo.InvitationRow> {
    const invitation = await repo.invitationByHash(trx, tokenHash(token.trim()), opts);
    if (!invitation) throw notFound(INVITATION_NOT_VALID);
    if (!user.emailVerified) throw forbidden('Verify your e-mail address first, then open the invitation link again.', EMAIL_NOT_VERIFIED);
    if (invitation.email !== user.email.trim().toLowerCase())
      throw forbidden('This invitation was sent to another e-mail address. Sign in with that address to accept it.');
    if (invitation.accepted_at || invitation.declined_at) throw conflict('This invitation has already been answered.');
    if (invitation.expires_at.getTime() <= this.clock().getTime()) throw badRequest('This invitation has expired. Ask for a new one.');
    return invitation;
  }

  private async roomForAnotherHousehold(trx: Executor, userId: string): Promise<void> {
    if ((await repo.countActiveMemberships(trx, userId)) >= HOUSEHOLDS_PER_PERSON_MAX) {
      throw badRequest(`You can be in at most ${HOUSEHOLDS_PER_PERSON_MAX} households. Leave one first.`);
    }
  }

  /**
   * A write in a household, as one of its active members, or a 404. The household's row is
   * locked first (only once the asker is known to be a member): two of its last members leaving
   * at once then cannot both see the other stay.
   */
  private asMember<T>(userId: string, householdId: string, work: (trx: Executor, me: MemberRow) => Promise<T>): Promise<T> {
    return writeAsUser(this.db, userId, async (trx) => {
      if (!(await repo.myMembership(trx, householdId, userId))) throw householdNotFound();
      await repo.lockHousehold(trx, householdId);
      const me = await repo.myMembership(trx, householdId, userId, { forUpdate: true });
      if (!me) throw householdNotFound();
      return work(trx, me);
    });
  }

  /** The asker's active member row, or a 404: what every read of a household starts with. */
  private async readAs(userId: string, householdId: string): Promise<MemberRow> {
    const me = await repo.myMembership(this.db, householdId, userId);
    if (!me) throw householdNotFound();
    return me;
  }

  private async view(db: Executor, me: MemberRow): Promise<Household> {
    const household = await repo.householdById(db, me.household_id);
    return toHousehold(household!, await repo.membersOf(db, me.household_id), me);
  }
}

const pageOf = (query: HouseholdPageQuery) => ({ limit: query.limit ?? HOUSEHOLD_PAGE_DEFAULT, offset: query.offset ?? 0 });

async function roomForAnotherMember(trx: Executor, householdId: string): Promise<void> {
  if ((await repo.countCurrentMembers(trx, householdId)) >= HOUSEHOLD_MAX_MEMBERS) {
    throw badRequest(`A household can have at most ${HOUSEHOLD_MAX_MEMBERS} members.`);
  }
}

/** How the household first calls a person: the name on their account, else their address before the @. */
function displayNameOf(user: AuthUser): string {
  const name = (user.name ?? '').trim() || user.email.split('@')[0] || 'Member';
  return name.slice(0, MEMBER_NAME_MAX);
}
