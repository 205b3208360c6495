import { sql, type Selectable } from 'kysely';
import type { Executor, HouseholdInvitationsTable, HouseholdMembersTable } from '../../db/schema';
import { isUuid } from '../../db/uuid';

export type MemberRow = Selectable<HouseholdMembersTable>;
export type InvitationRow = Selectable<HouseholdInvitationsTable>;

/**
 * The scope rule, written once: a household's rows are read only through the asker's own active
 * member row, found by household id AND their uid. Another person's id, a household they are not
 * in, or one they left matches nothing (a 404), never someone else's row.
 */
export async function myMembership(db: Executor, householdId: string, userId: string, opts: { forUpdate?: boolean } = {}): Promise<MemberRow | undefined> {
  if (!isUuid(householdId)) return undefined;
  let q = db.selectFrom('household_members').selectAll().where('household_id', '=', householdId).where('user_id', '=', userId).where('status', '=', 'active');
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Holds the household's row until the transaction ends: its membership changes one at a time. */
export async function lockHousehold(db: Executor, householdId: string): Promise<void> {
  await db.selectFrom('households').select('id').where('id', '=', householdId).forUpdate().execute();
}

/** The household's name and creation, read only after myMembership answered. */
export function householdById(db: Executor, householdId: string) {
  return db.selectFrom('households').select(['id', 'name', 'created_at']).where('id', '=', householdId).executeTakeFirst();
}

/** Every member row of a household (active and placeholders first, by joining, then former). */
export function membersOf(db: Executor, householdId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('household_members')
    .selectAll()
    .where('household_id', '=', householdId)
    .orderBy(sql`status = 'former'`)
    .orderBy('joined_at')
    .orderBy('id')
    .execute();
}

/** The person's households, with their own role and how many people count in each. */
export function householdsOf(db: Executor, userId: string) {
  return db
    .selectFrom('household_members as me')
    .innerJoin('households as h', 'h.id', 'me.household_id')
    .select([
      'h.id',
      'h.name',
      'me.role',
      (eb) =>
        eb
          .selectFrom('household_members as m')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('m.household_id', '=', 'h.id')
          .where('m.status', '<>', 'former')
          .as('member_count'),
    ])
    .where('me.user_id', '=', userId)
    .where('me.status', '=', 'active')
    .orderBy('h.created_at')
    .orderBy('h.id')
    .execute();
}

export async function countActiveMemberships(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('household_members')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function countCurrentMembers(db: Executor, householdId: string): Promise<number> {
  const row = await db
    .selectFrom('household_members')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('household_id', '=', householdId)
    .where('status', '<>', 'former')
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertHousehold(db: Executor, name: string, createdBy: string, now: Date): Promise<string> {
  const row = await db.insertInto('households').values({ name, created_by: createdBy, created_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function renameHousehold(db: Executor, householdId: string, name: string) {
  return db.updateTable('households').set({ name }).where('id', '=', householdId).execute();
}

/** Deletes the household; its member and invitation rows go with it (on delete cascade). */
export function deleteHousehold(db: Executor, householdId: string) {
  return db.deleteFrom('households').where('id', '=', householdId).execute();
}

export async function insertMember(
  db: Executor,
  member: Pick<MemberRow, 'household_id' | 'user_id' | 'display_name' | 'role' | 'status' | 'joined_at'>,
): Promise<MemberRow> {
  return db.insertInto('household_members').values(member).returningAll().executeTakeFirstOrThrow();
}

/** A member row of the household by its id (any status), for the one acting in it. */
export function memberOf(db: Executor, householdId: string, memberId: string): Promise<MemberRow | undefined> {
  if (!isUuid(memberId)) return Promise.resolve(undefined);
  return db.selectFrom('household_members').selectAll().where('household_id', '=', householdId).where('id', '=', memberId).forUpdate().executeTakeFirst();
}

/** The person's row in the household whatever its status (a former member who comes back). */
export function personRow(db: Executor, householdId: string, userId: string): Promise<MemberRow | undefined> {
  return db.selectFrom('household_members').selectAll().where('household_id', '=', householdId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

export function updateMember(db: Executor, householdId: string, memberId: string, patch: Partial<Omit<MemberRow, 'id' | 'household_id'>>) {
  return db.updateTable('household_members').set(patch).where('household_id', '=', householdId).where('id', '=', memberId).execute();
}

/** The signed-in member who has been in the household longest, other than `exceptId`: who owns it next. */
export function longestActiveMember(db: Executor, householdId: string, exceptId: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('household_members')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('status', '=', 'active')
    .where('id', '<>', exceptId)
    .orderBy('joined_at')
    .orderBy('id')
    .executeTakeFirst();
}

/** Every active membership of a person: what their account's deletion has to hand over. */
export function activeMembershipsOf(db: Executor, userId: string): Promise<MemberRow[]> {
  return db.selectFrom('household_members').selectAll().where('user_id', '=', userId).where('status', '=', 'active').orderBy('household_id').execute();
}

/** Every member row of a person (any status). */
export function allRowsOf(db: Executor, userId: string): Promise<MemberRow[]> {
  return db.selectFrom('household_members').selectAll().where('user_id', '=', userId).forUpdate().execute();
}

/** Invitations still open: not accepted, not declined, not expired. */
export async function countPendingInvitations(db: Executor, householdId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('household_invitations')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('household_id', '=', householdId)
    .where('accepted_at', 'is', null)
    .where('declined_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Drops an open invitation to the same address before a new one is made: one link per address. */
export function deletePendingFor(db: Executor, householdId: string, email: string) {
  return db.deleteFrom('household_invitations').where('household_id', '=', householdId).where('email', '=', email).where('accepted_at', 'is', null).execute();
}

export function insertInvitation(db: Executor, row: Pick<InvitationRow, 'household_id' | 'token_hash' | 'email' | 'invited_by' | 'created_at' | 'expires_at'>) {
  return db.insertInto('household_invitations').values(row).returning(['id', 'email', 'expires_at']).executeTakeFirstOrThrow();
}

/** The invitation a token's hash names, locked so two accepts of one link cannot both pass. */
export function invitationByHash(db: Executor, tokenHash: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('household_invitations').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();
}

export function markInvitation(db: Executor, id: string, patch: Pick<Partial<InvitationRow>, 'accepted_by' | 'accepted_at' | 'declined_at'>) {
  return db.updateTable('household_invitations').set(patch).where('id', '=', id).execute();
}

/** A deleted account's traces in invitations: those it accepted and those still open for its address. */
export function deleteInvitationsOfPerson(db: Executor, memberIds: string[], email: string) {
  return db
    .deleteFrom('household_invitations')
    .where((eb) => eb.or([...(memberIds.length ? [eb('accepted_by', 'in', memberIds)] : []), eb('email', '=', email)]))
    .execute();
}

export function forgetCreator(db: Executor, userId: string) {
  return db.updateTable('households').set({ created_by: null }).where('created_by', '=', userId).execute();
}
