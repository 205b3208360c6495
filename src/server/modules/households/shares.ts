import type { Executor } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { splitReceipt, type SplitByAmount, type SplitFor, type SplitItem } from '../../../shared/split';
import { formatMoney, fromMinor } from '../../../shared/currency';
import type { MemberShare } from '../../../shared/receipts';
import type { Balances, HistoryEntry, Settlement, SettlementBody, SharedReceipt } from '../../../shared/households';
import { checkedCurrency, findHomeCurrency, minorAmount } from '../currency/service';
import { insertNotifications, notifyOnCounted } from '../notifications/service';
import { countSharedReceipt, uncountSharedReceipts } from './counting';
import { shareInHome } from './homeShare';
import * as repo from './repository';
import type { MemberRow, SettlementRow, SharedReceiptRow, ShareWithName } from './repository';

/** A household could not be found for the asker: the one message every route and the receipt save give. */
export const HOUSEHOLD_NOT_FOUND = 'Household not found';
export const householdNotFound = () => notFound(HOUSEHOLD_NOT_FOUND);

/** How a shared receipt was divided, kept to divide it again when the receipt is edited. */
export interface SplitSpec {
  /** Who each item is for, in the items' order (a receipt with items). */
  items?: SplitFor[];
  /** A receipt without items: evenly, by portions, or exact amounts in minor units. */
  byAmount?: SplitByAmount;
}

/** How a save asks for its receipt to be shared (ReceiptInput.sharing, exact amounts already in minor units). */
export interface ShareRequest {
  /** undefined: the household the receipt is shared with already. */
  householdId?: string;
  /** The request said who paid or who a part is for. */
  mentioned: boolean;
  paidBy?: string;
  items?: SplitFor[];
  byAmount?: SplitByAmount;
}

/** A receipt as saved, what its shares are computed from; money in its currency's minor units. */
export interface ReceiptFacts {
  receiptId: string;
  store: string;
  date: string;
  currency: string;
  totalMinor: number;
  /** The sharer's home units for one unit of `currency` (null: it is their home currency). */
  rate: number | null;
  /** The sharer's home currency, which `rate` converts to. */
  home: string;
  taxMinor: number | null;
  items: ReadonlyArray<{ price_cents: number; quantity: number }>;
}

/** The person saving, as the notifications name them. */
export interface Sharer {
  uid: string;
}

const NO_HOUSEHOLD = 'Who paid and who each part is for only count on a shared receipt: choose its household (household_id)';

/**
 * After a receipt is written, inside its transaction: shares it with a household (the sharer
 * must be an active member; every member named a current one), divides it again when it is
 * edited, or stops sharing it (`request` null). undefined: nothing asked; a shared receipt is
 * divided again as it was. The members told of a receipt newly shared with them get a notification.
 */
export async function shareReceipt(trx: Executor, sharer: Sharer, facts: ReceiptFacts, request: ShareRequest | null | undefined, now: Date): Promise<void> {
  const current = await repo.sharedRowOfReceipt(trx, facts.receiptId);
  if (request === null) {
    if (current) await deleteCounted(trx, current);
    return;
  }
  const householdId = request?.householdId ?? current?.household_id;
  if (!householdId) {
    if (request?.mentioned) throw badRequest(NO_HOUSEHOLD);
    return;
  }
  // As every write in a household: the asker's membership, then the household's row.
  if (!(await repo.myMembership(trx, householdId, sharer.uid))) throw householdNotFound();
  await repo.lockHousehold(trx, householdId);
  const me = await repo.myMembership(trx, householdId, sharer.uid, { forUpdate: true });
  if (!me) throw householdNotFound();
  const kept = current?.household_id === householdId ? current : undefined;
  const members = await repo.membersOf(trx, householdId);
  const present = members.filter((m) => m.status !== 'former');

  const paidBy = request?.paidBy ?? kept?.paid_by ?? me.id;
  if (paidBy !== kept?.paid_by && !present.some((m) => m.id === paidBy)) throw badRequest(`paid_by: ${paidBy} is not a member of this household.`);
  const spec = specOf(facts, request, kept ? (kept.split as SplitSpec) : undefined);
  const outcome = splitReceipt({
    members: present.map((m) => m.id),
    total: facts.totalMinor,
    items: facts.items.length
      ? facts.items.map((item, i): SplitItem => ({ price: item.price_cents, quantity: item.quantity, for: spec.items![i] }))
      : undefined,
    byAmount: spec.byAmount,
    tax: facts.taxMinor ?? 0,
    // What neither the items nor the tax explain (tip, discount, rounding) is spread the same way.
    rounding: facts.totalMinor - (facts.taxMinor ?? 0) - facts.items.reduce((sum, item) => sum + Math.round(item.price_cents * item.quantity), 0),
  });
  if (!outcome.ok) throw badRequest(outcome.message);

  const fields = {
    paid_by: paidBy,
    store: facts.store,
    date: facts.date,
    currency: facts.currency,
    total_minor: facts.totalMinor,
    rate: facts.rate,
    split: JSON.stringify(spec),
    updated_at: now,
  };
  if (current && !kept) await deleteCounted(trx, current);
  let id: string;
  if (kept) {
    id = kept.id;
    await repo.updateSharedReceipt(trx, householdId, id, fields);
  } else {
    id = await repo.insertSharedReceipt(trx, { ...fields, household_id: householdId, receipt_id: facts.receiptId, shared_by: me.id, created_at: now });
  }
  const byId = new Map(members.map((m) => [m.id, m]));
  const shares = [];
  for (const { member, amount } of outcome.shares)
    shares.push({ member_id: member, amount_minor: amount, ...(await inHomeCurrency(trx, byId.get(member)!, amount, facts)) });
  await repo.replaceShares(trx, householdId, id, shares);
  if (!kept) await tellShared(trx, me, present, facts, outcome.shares, householdId);
  // The sharer's thresholds are checked by the receipt's own listeners, after this.
  for (const [userId, parts] of await countSharedReceipt(trx, id)) if (userId !== sharer.uid) await notifyOnCounted(trx, userId, now, parts);
}

/** A shared receipt goes: what it counted first comes off everyone's totals. */
async function deleteCounted(trx: Executor, row: SharedReceiptRow): Promise<void> {
  await uncountSharedReceipts(trx, [row.id]);
  await repo.deleteSharedReceipt(trx, row.household_id, row.id);
}

/** The split asked for, or kept: items' targets when the items were not sent and their number is unchanged, else everyone. */
function specOf(facts: ReceiptFacts, request: ShareRequest | undefined, kept: SplitSpec | undefined): SplitSpec {
  if (facts.items.length) {
    const sent = request?.items;
    const items = sent ?? (kept?.items?.length === facts.items.length ? kept.items : facts.items.map((): SplitFor => ({ kind: 'everyone' })));
    return { items };
  }
  return { byAmount: request?.byAmount ?? kept?.byAmount ?? { kind: 'everyone' } };
}

/**
 * A share in the member's home currency: the same when it is the receipt's currency, at the
 * receipt's rate when the member counts in the sharer's home currency, else at the member's own
 * rate for that day. Unknown (null) for a placeholder, a former member, or a member without a rate.
 */
async function inHomeCurrency(
  trx: Executor,
  member: MemberRow,
  amount: number,
  facts: ReceiptFacts,
): Promise<{ home_currency: string | null; home_minor: number | null }> {
  if (!member.user_id) return { home_currency: null, home_minor: null };
  return shareInHome(trx, member.user_id, await findHomeCurrency(trx, member.user_id), amount, facts);
}

/** '<name> shared a receipt from Costco: your share $31.20', to each other signed-in member with a share. */
async function tellShared(
  trx: Executor,
  me: MemberRow,
  present: readonly MemberRow[],
  facts: ReceiptFacts,
  shares: ReadonlyArray<{ member: string; amount: number }>,
  householdId: string,
): Promise<void> {
  for (const member of present) {
    const share = shares.find((s) => s.member === member.id)?.amount ?? 0;
    if (member.id === me.id || !member.user_id || member.status !== 'active' || share === 0) continue;
    await insertNotifications(trx, member.user_id, [
      {
        type: 'receipt',
        title: 'A receipt shared with you',
        message: `${me.display_name} shared a receipt from ${facts.store}: your share ${formatMoney(share, facts.currency)}`,
        link: `/households/${householdId}`,
      },
    ]);
  }
}

/** Deleting a receipt, inside its transaction: its shares go from the household too. */
export async function unshareReceipt(trx: Executor, receiptId: string): Promise<void> {
  const current = await repo.sharedRowOfReceipt(trx, receiptId);
  if (current) await deleteCounted(trx, current);
}

/** How a person's receipts are shared, for their answers: only in households they are an active member of. */
export interface ReceiptSharing {
  household_id: string;
  paid_by: string;
  split: SplitSpec;
  shares: MemberShare[];
}

export async function sharingOfReceipts(db: Executor, userId: string, receiptIds: readonly string[]): Promise<Map<string, ReceiptSharing>> {
  const rows = await repo.sharedRowsForReceipts(db, userId, receiptIds);
  const found = new Map<string, ReceiptSharing>();
  for (const householdId of new Set(rows.map((r) => r.household_id))) {
    const inHousehold = rows.filter((r) => r.household_id === householdId);
    const views = await sharedViews(db, householdId, inHousehold);
    inHousehold.forEach((row, i) =>
      found.set(row.receipt_id!, {
        household_id: householdId,
        paid_by: row.paid_by,
        split: inMemberOrder(row.split as SplitSpec, views[i].shares),
        shares: views[i].shares,
      }),
    );
  }
  return found;
}

/**
 * The split with each item's portions in the household's member order (the shares' order), as the
 * receipt's answer lists them in shared_with. The column is jsonb, which keeps an object's keys in
 * its own order (by length, then bytes: the member ids sorted), not the order they were sent in;
 * the answer should not depend on how the database keeps them.
 */
function inMemberOrder(split: SplitSpec, shares: readonly MemberShare[]): SplitSpec {
  if (!split.items) return split;
  const rank = new Map(shares.map((s, i) => [s.member_id, i]));
  const place = (id: string) => rank.get(id) ?? shares.length;
  return {
    ...split,
    items: split.items.map((target) =>
      target.kind === 'portions'
        ? { ...target, portions: Object.fromEntries(Object.entries(target.portions).sort(([a], [b]) => place(a) - place(b) || (a < b ? -1 : 1))) }
        : target,
    ),
  };
}

const toShare = (s: ShareWithName, currency: string): MemberShare => ({
  member_id: s.member_id,
  display_name: s.display_name,
  amount: fromMinor(Number(s.amount_minor), currency),
  currency,
  home_currency: s.home_currency,
  home_amount: s.home_minor === null || s.home_currency === null ? null : fromMinor(Number(s.home_minor), s.home_currency),
});

/** Shared receipts as members see them, with their shares. */
export async function sharedViews(db: Executor, householdId: string, rows: readonly SharedReceiptRow[]): Promise<SharedReceipt[]> {
  const shares = await repo.sharesOf(
    db,
    householdId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    _id: r.id,
    store: r.store,
    date: r.date,
    amount: fromMinor(Number(r.total_minor), r.currency),
    currency: r.currency,
    paid_by: r.paid_by,
    shared_by: r.shared_by,
    shares: shares.filter((s) => s.shared_receipt_id === r.id).map((s) => toShare(s, r.currency)),
    created_at: new Date(r.created_at).toISOString(),
  }));
}

const toSettlement = (row: SettlementRow): Settlement => ({
  _id: row.id,
  from_member_id: row.from_member,
  to_member_id: row.to_member,
  recorded_by: row.recorded_by,
  amount: fromMinor(Number(row.amount_minor), row.currency),
  currency: row.currency,
  created_at: new Date(row.created_at).toISOString(),
});

/** What each member owes each other member, per currency, after every share and payment: only pairs that owe anything. */
async function netDebts(db: Executor, householdId: string): Promise<Array<{ from: string; to: string; currency: string; minor: number }>> {
  const net = new Map<string, { from: string; to: string; currency: string; minor: number }>();
  for (const { debtor, creditor, currency, minor } of await repo.grossDebts(db, householdId)) {
    // One entry per pair and currency, kept from the smaller member id's side.
    const [from, to, sign] = debtor < creditor ? [debtor, creditor, 1] : [creditor, debtor, -1];
    const key = `${from} ${to} ${currency}`;
    const entry = net.get(key) ?? { from, to, currency, minor: 0 };
    entry.minor += sign * minor;
    net.set(key, entry);
  }
  return [...net.values()].filter((d) => d.minor !== 0).map((d) => (d.minor > 0 ? d : { from: d.to, to: d.from, currency: d.currency, minor: -d.minor }));
}

/** 'You owe Ben $23.40': who owes whom, per pair and currency (no netting across currencies or through a third member). */
export async function balancesOf(db: Executor, me: MemberRow): Promise<Balances> {
  const names = new Map((await repo.membersOf(db, me.household_id)).map((m) => [m.id, m.display_name]));
  const debts = (await netDebts(db, me.household_id)).map((d) => ({
    from_member_id: d.from,
    from_name: names.get(d.from)!,
    to_member_id: d.to,
    to_name: names.get(d.to)!,
    currency: d.currency,
    amount: fromMinor(d.minor, d.currency),
  }));
  debts.sort((a, b) => a.currency.localeCompare(b.currency) || a.from_name.localeCompare(b.from_name) || a.to_name.localeCompare(b.to_name));
  return { my_member_id: me.id, debts };
}

/**
 * Records a payment, full or part, of what one member owes another in one currency. Any active
 * member may record it (a placeholder pays in cash). It must be positive and at most what is
 * owed: a payment beyond that would turn the debt around, which is a new expense, not settling up.
 */
export async function recordSettlement(trx: Executor, me: MemberRow, body: SettlementBody, now: Date): Promise<Settlement> {
  const currency = checkedCurrency(body.currency, 'currency');
  const minor = minorAmount(body.amount, currency, 'amount', currency);
  if (minor <= 0) throw badRequest('amount must be more than 0');
  if (body.from_member_id === body.to_member_id) throw badRequest('A payment is between two different members.');
  const [from, to] = [await repo.memberOf(trx, me.household_id, body.from_member_id), await repo.memberOf(trx, me.household_id, body.to_member_id)];
  if (!from) throw badRequest(`from_member_id: ${body.from_member_id} is not a member of this household.`);
  if (!to) throw badRequest(`to_member_id: ${body.to_member_id} is not a member of this household.`);
  const owed = (await netDebts(trx, me.household_id)).find((d) => d.from === from.id && d.to === to.id && d.currency === currency)?.minor ?? 0;
  if (owed === 0) throw badRequest(`${from.display_name} owes ${to.display_name} nothing in ${currency}.`);
  if (minor > owed) throw badRequest(`${from.display_name} owes ${to.display_name} ${formatMoney(owed, currency)}: record at most that.`);
  const row = await repo.insertSettlement(trx, {
    household_id: me.household_id,
    from_member: from.id,
    to_member: to.id,
    recorded_by: me.id,
    currency,
    amount_minor: minor,
    created_at: now,
  });
  const message = `${me.display_name} recorded that ${from.display_name} paid ${to.display_name} ${formatMoney(minor, currency)}`;
  for (const member of [from, to]) {
    if (member.id === me.id || !member.user_id || member.status !== 'active') continue;
    await insertNotifications(trx, member.user_id, [{ type: 'alert', title: 'Payment recorded', message, link: `/households/${me.household_id}` }]);
  }
  return toSettlement(row);
}

/** A page of the household's history, newest first: receipts shared and payments recorded (the database orders and pages them). */
export async function historyOf(
  db: Executor,
  householdId: string,
  page: { limit: number; offset: number },
): Promise<{ entries: HistoryEntry[]; total: number }> {
  const { rows, total } = await repo.historyPage(db, householdId, page);
  const idsOf = (kind: repo.HistoryRow['kind']) => rows.filter((r) => r.kind === kind).map((r) => r.id);
  const [receipts, settlements] = await Promise.all([
    repo.rowsByIds(db, 'shared_receipts', householdId, idsOf('share')),
    repo.rowsByIds(db, 'household_settlements', householdId, idsOf('settlement')),
  ]);
  const receiptById = new Map((await sharedViews(db, householdId, receipts)).map((r) => [r._id, r]));
  const settlementById = new Map(settlements.map((row) => [row.id, toSettlement(row)]));
  // A row gone between the two reads (unshared, the household deleted) is left out, not answered half.
  return {
    entries: rows.flatMap((r): HistoryEntry[] => {
      const receipt = r.kind === 'share' ? receiptById.get(r.id) : undefined;
      const settlement = r.kind === 'settlement' ? settlementById.get(r.id) : undefined;
      if (receipt) return [{ kind: 'share', receipt }];
      return settlement ? [{ kind: 'settlement', settlement }] : [];
    }),
    total,
  };
}
