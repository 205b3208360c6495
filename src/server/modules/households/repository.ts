import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type {
  Database,
  Executor,
  HouseholdInvitationsTable,
  HouseholdMembersTable,
  HouseholdSettlementsTable,
  SharedReceiptSharesTable,
  SharedReceiptsTable,
} from '../../db/schema';
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

/** `id`: given by a restore, which has mapped the backup's references to it already. */
export async function insertHousehold(db: Executor, name: string, createdBy: string, now: Date, id?: string): Promise<string> {
  const row = await db
    .insertInto('households')
    .values({ ...(id ? { id } : {}), name, created_by: createdBy, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
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
  member: Pick<MemberRow, 'household_id' | 'user_id' | 'display_name' | 'role' | 'status' | 'joined_at'> & { id?: string },
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

/** The invitation a token's hash names; locked (by default) so two accepts of one link cannot both pass. */
export function invitationByHash(db: Executor, tokenHash: string, opts = { lock: true }): Promise<InvitationRow | undefined> {
  const q = db.selectFrom('household_invitations').selectAll().where('token_hash', '=', tokenHash);
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst();
}

/** A member's name as the household shows it (an invitation names who made it). */
export async function memberName(db: Executor, householdId: string, memberId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('household_members')
    .select('display_name')
    .where('household_id', '=', householdId)
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row?.display_name;
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

// ---------- shared receipts, shares and settlements (read only after myMembership answered) ----------

export type SharedReceiptRow = Selectable<SharedReceiptsTable>;
export type ShareRow = Selectable<SharedReceiptSharesTable>;
export type SettlementRow = Selectable<HouseholdSettlementsTable>;

/** The shared row of a person's receipt, locked (receipt ids are checked as theirs by the receipts module). */
export function sharedRowOfReceipt(db: Executor, receiptId: string): Promise<SharedReceiptRow | undefined> {
  return db.selectFrom('shared_receipts').selectAll().where('receipt_id', '=', receiptId).forUpdate().executeTakeFirst();
}

export async function insertSharedReceipt(db: Executor, row: Insertable<SharedReceiptsTable>): Promise<string> {
  const { id } = await db.insertInto('shared_receipts').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function updateSharedReceipt(db: Executor, householdId: string, id: string, patch: Updateable<SharedReceiptsTable>) {
  return db.updateTable('shared_receipts').set(patch).where('household_id', '=', householdId).where('id', '=', id).execute();
}

/** Removes a shared receipt; its shares go with it (on delete cascade). */
export function deleteSharedReceipt(db: Executor, householdId: string, id: string) {
  return db.deleteFrom('shared_receipts').where('household_id', '=', householdId).where('id', '=', id).execute();
}

export async function replaceShares(
  db: Executor,
  householdId: string,
  sharedReceiptId: string,
  shares: Omit<ShareRow, 'household_id' | 'shared_receipt_id'>[],
) {
  await db.deleteFrom('shared_receipt_shares').where('household_id', '=', householdId).where('shared_receipt_id', '=', sharedReceiptId).execute();
  if (shares.length === 0) return;
  await db
    .insertInto('shared_receipt_shares')
    .values(shares.map((s) => ({ household_id: householdId, shared_receipt_id: sharedReceiptId, ...s })))
    .execute();
}

/** A member's receipts stop being linked to the household (they left, were removed, or their account went): the shares stay. */
export function detachSharedBy(db: Executor, householdId: string, memberId: string) {
  return db.updateTable('shared_receipts').set({ receipt_id: null }).where('household_id', '=', householdId).where('shared_by', '=', memberId).execute();
}

/** The shared rows of a person's receipts in households they are an active member of. */
export function sharedRowsForReceipts(db: Executor, userId: string, receiptIds: readonly string[]): Promise<SharedReceiptRow[]> {
  if (receiptIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('shared_receipts as r')
    .innerJoin('household_members as me', (j) => j.onRef('me.household_id', '=', 'r.household_id').on('me.user_id', '=', userId).on('me.status', '=', 'active'))
    .selectAll('r')
    .where('r.receipt_id', 'in', receiptIds)
    .execute();
}

export function sharesOf(db: Executor, householdId: string, sharedReceiptIds: readonly string[]) {
  if (sharedReceiptIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('shared_receipt_shares as s')
    .innerJoin('household_members as m', 'm.id', 's.member_id')
    .select(['s.shared_receipt_id', 's.member_id', 's.amount_minor', 's.home_currency', 's.home_minor', 'm.display_name'])
    .where('s.household_id', '=', householdId)
    .where('s.shared_receipt_id', 'in', sharedReceiptIds)
    .orderBy('m.joined_at')
    .orderBy('m.id')
    .execute();
}

export type ShareWithName = Awaited<ReturnType<typeof sharesOf>>[number];

/** What a household lists newest first, a page at a time. */
type PagedTable = 'shared_receipts' | 'household_settlements';

/** A page of the household's rows of `table`, newest first, and how many there are. */
export async function pageOf<T extends PagedTable>(
  db: Executor,
  table: T,
  householdId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
  const rows = db.selectFrom(table as PagedTable).where('household_id', '=', householdId);
  const [found, count] = await Promise.all([
    rows.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    rows.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: found as Selectable<Database[T]>[], total: count.n };
}

/** The household's rows of `table` with these ids (one page's), in no order. */
export async function rowsByIds<T extends PagedTable>(db: Executor, table: T, householdId: string, ids: readonly string[]): Promise<Selectable<Database[T]>[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table as PagedTable)
    .selectAll()
    .where('household_id', '=', householdId)
    .where('id', 'in', ids)
    .execute();
  return rows as Selectable<Database[T]>[];
}

export type HistoryRow = { kind: 'share'; id: string } | { kind: 'settlement'; id: string };

/**
 * Which rows a page of the household's history holds: shared receipts and payments in one order,
 * newest first (created_at, then id, so equal times never swap between pages), and how many there
 * are. Each side stops after the rows the page needs (its index is in that order), so a page costs
 * the same whatever the household's size.
 */
export async function historyPage(db: Executor, householdId: string, page: { limit: number; offset: number }): Promise<{ rows: HistoryRow[]; total: number }> {
  const upTo = page.offset + page.limit;
  const [found, count] = await Promise.all([
    sql<HistoryRow>`
      SELECT kind, id FROM (
        (SELECT 'share' AS kind, id, created_at FROM shared_receipts WHERE household_id = ${householdId} ORDER BY created_at DESC, id DESC LIMIT ${upTo})
        UNION ALL
        (SELECT 'settlement' AS kind, id, created_at FROM household_settlements WHERE household_id = ${householdId} ORDER BY created_at DESC, id DESC LIMIT ${upTo})
      ) h
      ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    sql<{ n: number }>`
      SELECT ((SELECT count(*) FROM shared_receipts WHERE household_id = ${householdId})
            + (SELECT count(*) FROM household_settlements WHERE household_id = ${householdId}))::int AS n`.execute(db),
  ]);
  return { rows: found.rows, total: count.rows[0].n };
}

/** The household's payments the member made or received, oldest first. */
export function settlementsOfMember(db: Executor, householdId: string, memberId: string): Promise<SettlementRow[]> {
  return db
    .selectFrom('household_settlements')
    .selectAll()
    .where('household_id', '=', householdId)
    .where((eb) => eb.or([eb('from_member', '=', memberId), eb('to_member', '=', memberId)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function insertSettlement(db: Executor, row: Omit<SettlementRow, 'id'>): Promise<SettlementRow> {
  return db.insertInto('household_settlements').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * What each member owes each other, per currency, before netting the pair: a member's share of a
 * receipt another paid is owed to the payer; a payment from A to B counts as B owing A back.
 */
export async function grossDebts(db: Executor, householdId: string): Promise<Array<{ debtor: string; creditor: string; currency: string; minor: number }>> {
  const { rows } = await sql<{ debtor: string; creditor: string; currency: string; minor: number | string }>`
    SELECT debtor, creditor, currency, sum(minor)::bigint AS minor FROM (
      SELECT s.member_id AS debtor, r.paid_by AS creditor, r.currency, s.amount_minor AS minor
        FROM shared_receipt_shares s JOIN shared_receipts r ON r.id = s.shared_receipt_id
       WHERE s.household_id = ${householdId} AND r.household_id = ${householdId} AND s.member_id <> r.paid_by
      UNION ALL
      SELECT to_member, from_member, currency, amount_minor FROM household_settlements WHERE household_id = ${householdId}
    ) d GROUP BY debtor, creditor, currency`.execute(db);
  return rows.map((r) => ({ ...r, minor: Number(r.minor) }));
}

// ---------- what shared receipts count in each person's totals ----------

/** A shared receipt as its counts are made: its date and, while linked, the sharer's receipt (home hundredths, category and its name). */
export async function countingRowOf(db: Executor, sharedReceiptId: string) {
  return db
    .selectFrom('shared_receipts as r')
    .leftJoin('receipts as rc', 'rc.id', 'r.receipt_id')
    .leftJoin('categories as c', (j) => j.onRef('c.user_id', '=', 'rc.user_id').onRef('c.id', '=', 'rc.category_id'))
    .select([
      'r.id',
      'r.household_id',
      'r.date',
      'r.currency',
      'r.shared_by',
      'r.receipt_id',
      'r.category as kept_category',
      'rc.user_id as owner',
      'rc.amount_cents',
      'rc.printed_minor',
      'rc.category_id',
      'rc.rate',
      'r.split',
      'c.name as category_name',
    ])
    .where('r.id', '=', sharedReceiptId)
    .executeTakeFirst();
}

/**
 * The items of the sharer's receipt behind a shared one (its owner's), in their order (the order
 * its split names them in), with the name of each item's own category.
 */
export function itemsOfSharedReceipt(db: Executor, owner: string, receiptId: string) {
  return db
    .selectFrom('receipt_items as i')
    .leftJoin('categories as c', (j) => j.onRef('c.user_id', '=', 'i.user_id').onRef('c.id', '=', 'i.category_id'))
    .select(['i.price_cents', 'i.quantity', 'i.category_id', 'c.name as category_name'])
    .where('i.user_id', '=', owner)
    .where('i.receipt_id', '=', receiptId)
    .orderBy('i.position')
    .execute();
}

export type SharedItem = Awaited<ReturnType<typeof itemsOfSharedReceipt>>[number];

/** One member's part of a shared receipt under one of the sharer's category names (share_categories). */
export interface ShareCategory {
  member_id: string;
  category: string | null;
  minor: number;
}

/** What each member's share of a shared receipt is divided over, as last kept. */
export async function shareCategoriesOf(db: Executor, sharedReceiptId: string): Promise<ShareCategory[]> {
  const rows = await db
    .selectFrom('share_categories')
    .select(['member_id', 'category', 'minor'])
    .where('shared_receipt_id', '=', sharedReceiptId)
    .orderBy('member_id')
    .orderBy('category')
    .execute();
  return rows.map((r) => ({ ...r, minor: Number(r.minor) }));
}

/** Keeps how each member's share of a shared receipt is divided over the sharer's category names. */
export async function keepShareCategories(db: Executor, householdId: string, sharedReceiptId: string, parts: readonly ShareCategory[]): Promise<void> {
  await db.deleteFrom('share_categories').where('shared_receipt_id', '=', sharedReceiptId).execute();
  if (parts.length === 0) return;
  await db
    .insertInto('share_categories')
    .values(parts.map((p) => ({ household_id: householdId, shared_receipt_id: sharedReceiptId, member_id: p.member_id, category: p.category, minor: p.minor })))
    .execute();
}

export type CountingRow = NonNullable<Awaited<ReturnType<typeof countingRowOf>>>;

/** Keeps the name of the sharer's category on the shared receipt (it outlives the link to their receipt). */
export function keepCategoryName(db: Executor, sharedReceiptId: string, name: string) {
  return db.updateTable('shared_receipts').set({ category: name }).where('id', '=', sharedReceiptId).execute();
}

/** The shares of a shared receipt with the account each member has (null: a placeholder or an account gone). */
export function sharesWithAccounts(db: Executor, sharedReceiptId: string) {
  return db
    .selectFrom('shared_receipt_shares as s')
    .innerJoin('household_members as m', 'm.id', 's.member_id')
    .select(['s.household_id', 's.member_id', 's.amount_minor', 's.home_currency', 's.home_minor', 'm.user_id'])
    .where('s.shared_receipt_id', '=', sharedReceiptId)
    .orderBy('s.member_id')
    .execute();
}

export type ShareWithAccount = Awaited<ReturnType<typeof sharesWithAccounts>>[number];

export function setShareHome(db: Executor, sharedReceiptId: string, memberId: string, home: { home_currency: string | null; home_minor: number | null }) {
  return db.updateTable('shared_receipt_shares').set(home).where('shared_receipt_id', '=', sharedReceiptId).where('member_id', '=', memberId).execute();
}

/** The shared receipts whose counts name the person: as a member with a share, or as the sharer of its receipt. */
export async function sharedReceiptsInvolving(db: Executor, userId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT s.shared_receipt_id AS id FROM shared_receipt_shares s JOIN household_members m ON m.id = s.member_id WHERE m.user_id = ${userId}
    UNION
    SELECT r.id FROM shared_receipts r JOIN receipts rc ON rc.id = r.receipt_id WHERE rc.user_id = ${userId}
    ORDER BY id`.execute(db);
  return rows.map((r) => r.id);
}

/** Every shared receipt of a household (before the household goes, its counts are taken off). */
export async function sharedReceiptIdsOf(db: Executor, householdId: string): Promise<string[]> {
  const rows = await db.selectFrom('shared_receipts').select('id').where('household_id', '=', householdId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** The shared receipts of one member (before they are detached from the member's receipts). */
export async function sharedReceiptIdsBy(db: Executor, householdId: string, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('shared_receipts')
    .select('id')
    .where('household_id', '=', householdId)
    .where('shared_by', '=', memberId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

// ---------- the household's spending ----------

/**
 * Shared receipts of [from, to] per currency and the sharer's category name (unnamed: null),
 * each receipt divided over its items' categories as its shares are.
 */
export async function spendingByCategory(db: Executor, householdId: string, from: string, to: string) {
  return db
    .selectFrom('share_categories as s')
    .innerJoin('shared_receipts as r', 'r.id', 's.shared_receipt_id')
    .select(['r.currency', 's.category', sql<string>`sum(s.minor)::bigint`.as('minor')])
    .where('s.household_id', '=', householdId)
    .where('r.household_id', '=', householdId)
    .where('r.date', '>=', from)
    .where('r.date', '<=', to)
    .groupBy(['r.currency', 's.category'])
    .execute();
}

/** Each member's shares of the shared receipts of [from, to], per currency. */
export async function spendingByMember(db: Executor, householdId: string, from: string, to: string) {
  return db
    .selectFrom('shared_receipt_shares as s')
    .innerJoin('shared_receipts as r', 'r.id', 's.shared_receipt_id')
    .select(['r.currency', 's.member_id', sql<string>`sum(s.amount_minor)::bigint`.as('minor')])
    .where('s.household_id', '=', householdId)
    .where('r.household_id', '=', householdId)
    .where('r.date', '>=', from)
    .where('r.date', '<=', to)
    .groupBy(['r.currency', 's.member_id'])
    .execute();
}

// ---------- a person's shares, for their export ----------
// Read by the person's own share_counts rows (keyed by their uid), not through a membership:
// a share they hold still counts for them after they left, so it is still theirs to export.

/** Whether the person shares: an active member of a household, or holding a share that counts. */
export async function sharesAnything(db: Executor, userId: string): Promise<boolean> {
  const { rows } = await sql<{ yes: boolean }>`
    SELECT EXISTS (SELECT 1 FROM household_members WHERE user_id = ${userId} AND status = 'active')
        OR EXISTS (SELECT 1 FROM share_counts WHERE user_id = ${userId}) AS yes`.execute(db);
  return rows[0]?.yes === true;
}

/**
 * What shared receipts count on the person's own receipts (minus the others' shares), by receipt
 * and then by the category it comes off, in hundredths of their home currency.
 */
export async function countedOnOwnReceipts(db: Executor, userId: string, receiptIds: readonly string[]): Promise<Map<string, Map<string, number>>> {
  const counted = new Map<string, Map<string, number>>();
  if (!receiptIds.length) return counted;
  const rows = await db
    .selectFrom('share_counts as c')
    .innerJoin('shared_receipts as s', 's.id', 'c.shared_receipt_id')
    .innerJoin('receipts as r', 'r.id', 's.receipt_id')
    .select(['s.receipt_id', 'c.category_id', sql<string>`sum(c.cents)::bigint`.as('cents')])
    .where('c.user_id', '=', userId)
    .where('r.user_id', '=', userId)
    .where('s.receipt_id', 'in', receiptIds)
    .groupBy(['s.receipt_id', 'c.category_id'])
    .orderBy('s.receipt_id')
    .orderBy('c.category_id')
    .execute();
  for (const row of rows) {
    const byCategory = counted.get(row.receipt_id!) ?? new Map<string, number>();
    counted.set(row.receipt_id!, byCategory.set(row.category_id, Number(row.cents)));
  }
  return counted;
}

export interface SharedWithRow {
  id: string;
  household_id: string;
  shared_by: string;
  date: string;
  store: string;
  currency: string;
  total_minor: string;
  cents: string;
  category: string;
  by_category: Array<{ category: string; cents: number | string }>;
}

/**
 * Others' receipts whose shares count for the person, newest first, after the cursor: their
 * share in hundredths of their home currency, the category of theirs that holds most of it, and
 * what each of their categories holds.
 */
export async function sharedWithPage(db: Executor, userId: string, limit: number, after?: { date: string; id: string }): Promise<SharedWithRow[]> {
  const { rows } = await sql<SharedWithRow>`
    SELECT s.id, s.household_id, m.display_name AS shared_by, s.date, s.store, s.currency, s.total_minor,
           sum(c.cents)::bigint AS cents, (array_agg(cat.name ORDER BY abs(c.cents) DESC, cat.name))[1] AS category,
           json_agg(json_build_object('category', cat.name, 'cents', c.cents) ORDER BY abs(c.cents) DESC, cat.name) AS by_category
      FROM share_counts c
      JOIN shared_receipts s ON s.id = c.shared_receipt_id
      JOIN household_members m ON m.id = s.shared_by
      JOIN categories cat ON cat.id = c.category_id AND cat.user_id = ${userId}
     WHERE c.user_id = ${userId}
       AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.id = s.receipt_id AND r.user_id = ${userId})
       ${after ? sql`AND (s.date < ${after.date} OR (s.date = ${after.date} AND s.id < ${after.id}::uuid))` : sql``}
     GROUP BY s.id, m.display_name
     ORDER BY s.date DESC, s.id DESC
     LIMIT ${limit}`.execute(db);
  return rows;
}
