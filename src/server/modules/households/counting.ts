import type { Executor } from '../../db/schema';
import { homeCents } from '../../../shared/currency';
import { replaceShareCounts, type CountedPart } from '../analytics/service';
import { ensureFallbackCategory, findCategoryByName } from '../categories/service';
import { notifyOnCounted } from '../notifications/service';
import * as repo from './repository';
import { shareInHome } from './homeShare';
import type { CountingRow, ShareWithAccount } from './repository';

/**
 * What a shared receipt counts in each person's totals (budgets, alerts, forecast, analytics):
 * the sharer's receipt counts whole in their own receipts, so the sharer's part is minus what
 * the others' shares take off it; each other member with an account counts their share, in
 * their category of the receipt category's name, else their fallback ('Other'). Placeholders
 * count nowhere. A share whose home amount is unknown (no rate) counts nowhere either. The
 * category's name is kept on the shared receipt, so it still names one after the sharer left.
 */

/** A stored share in hundredths of the member's home currency, as totals count (null: unknown). */
const shareCents = (s: ShareWithAccount) =>
  s.home_minor === null || s.home_currency === null ? null : homeCents(Number(s.home_minor), s.home_currency, s.home_currency, null);

/**
 * The parts, from what is stored. `categoryFor` names the category a member's share lands in.
 * Pure apart from it, so the day issue 52 splits a receipt by its items' categories, each item's
 * part is one more entry here.
 */
export async function countedParts(
  row: CountingRow,
  shares: readonly ShareWithAccount[],
  categoryFor: (userId: string, receiptCategoryName: string | null) => Promise<string>,
): Promise<CountedPart[]> {
  const parts: CountedPart[] = [];
  const owner = row.owner;
  if (owner && row.category_id !== null && row.amount_cents !== null) {
    const own = shares.find((s) => s.user_id === owner);
    const ownCents = own ? shareCents(own) : 0;
    if (ownCents !== null) parts.push({ userId: owner, categoryId: row.category_id, day: row.date, cents: ownCents - Number(row.amount_cents) });
  }
  for (const share of shares) {
    const cents = shareCents(share);
    // The sharer's own share is in the owner's part; once detached, their receipt counts whole.
    if (!share.user_id || share.user_id === owner || share.member_id === row.shared_by || !cents) continue;
    parts.push({ userId: share.user_id, categoryId: await categoryFor(share.user_id, row.category_name ?? row.kept_category), day: row.date, cents });
  }
  return parts;
}

/** A member's category for a share: theirs of the same name, else their fallback. */
async function memberCategory(trx: Executor, userId: string, name: string | null): Promise<string> {
  const same = name === null ? undefined : await findCategoryByName(trx, userId, name);
  return (same ?? (await ensureFallbackCategory(trx, userId))).id;
}

/**
 * Counts a shared receipt again from what is stored (after its shares or its receipt changed;
 * a receipt gone or no longer shared counts nothing). Answers the people whose totals moved.
 */
export async function countSharedReceipt(trx: Executor, sharedReceiptId: string): Promise<Map<string, CountedPart[]>> {
  const row = await repo.countingRowOf(trx, sharedReceiptId);
  if (!row) return replaceShareCounts(trx, sharedReceiptId, []);
  if (row.category_name !== null && row.category_name !== row.kept_category) await repo.keepCategoryName(trx, sharedReceiptId, row.category_name);
  const shares = await repo.sharesWithAccounts(trx, sharedReceiptId);
  return replaceShareCounts(trx, sharedReceiptId, await countedParts(row, shares, (userId, name) => memberCategory(trx, userId, name)));
}

type Moved = Map<string, CountedPart[]>;

/** The people whose totals moved over several receipts, with every part that moved them. */
function gather(into: Moved, moved: Moved): Moved {
  for (const [userId, parts] of moved) into.set(userId, [...(into.get(userId) ?? []), ...parts]);
  return into;
}

/**
 * Everyone whose totals moved has this month's budget, category and forecast alerts checked, as
 * a receipt save does: nobody else's receipt was saved, so no receipt listener would.
 */
async function checkAlerts(trx: Executor, moved: Moved, now: Date): Promise<void> {
  for (const userId of [...moved.keys()].sort()) await notifyOnCounted(trx, userId, now, moved.get(userId)!);
}

/** Takes what shared receipts count off everyone's totals before they go (unshared, deleted, their household deleted). */
export async function uncountSharedReceipts(trx: Executor, sharedReceiptIds: readonly string[]): Promise<Moved> {
  const moved: Moved = new Map();
  for (const id of sharedReceiptIds) gather(moved, await replaceShareCounts(trx, id, []));
  return moved;
}

/**
 * A household goes with its shared receipts: what they counted comes off everyone's totals first
 * (a sharer's receipt counts whole again), and each person's alerts are checked on the new totals.
 */
export async function deleteHouseholdCounted(trx: Executor, householdId: string, now: Date): Promise<void> {
  const moved = await uncountSharedReceipts(trx, await repo.sharedReceiptIdsOf(trx, householdId));
  await repo.deleteHousehold(trx, householdId);
  await checkAlerts(trx, moved, now);
}

/**
 * A member's receipts stop being linked to what they shared (they left, were removed, or their
 * account went): their receipt counts whole for them again, as any private receipt, and their
 * alerts are checked on it; everyone else's counted shares stay, as their balances do.
 */
export async function detachCounted(trx: Executor, householdId: string, memberId: string, now: Date): Promise<void> {
  const ids = await repo.sharedReceiptIdsBy(trx, householdId, memberId);
  await repo.detachSharedBy(trx, householdId, memberId);
  const moved: Moved = new Map();
  for (const id of ids) gather(moved, await countSharedReceipt(trx, id));
  await checkAlerts(trx, moved, now);
}

/**
 * A person's home currency becomes `home` (inside that change, after their receipts were
 * converted): their shares are valued in it again (their own receipt's new rate, else their
 * rates), and every shared receipt that names them is counted again.
 */
export async function recountSharesInHome(trx: Executor, userId: string, home: string): Promise<void> {
  for (const id of await repo.sharedReceiptsInvolving(trx, userId)) {
    const row = await repo.countingRowOf(trx, id);
    if (!row) continue;
    const mine = row.owner === userId;
    const facts = { currency: row.currency, date: row.date, home: mine ? home : '', rate: mine && row.rate !== null ? Number(row.rate) : null };
    for (const share of await repo.sharesWithAccounts(trx, id)) {
      if (share.user_id === userId) await repo.setShareHome(trx, id, share.member_id, await shareInHome(trx, userId, home, Number(share.amount_minor), facts));
    }
    await countSharedReceipt(trx, id);
  }
}
