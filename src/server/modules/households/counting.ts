import type { Executor } from '../../db/schema';
import { homeCents } from '../../../shared/currency';
import { countedItems, type CountedItem } from '../../../shared/itemCounting';
import { allocate, memberLineParts, type SplitFor } from '../../../shared/split';
import { replaceShareCounts, type CountedPart } from '../analytics/service';
import { ensureFallbackCategory, findCategoryByName } from '../categories/service';
import { notifyOnCounted } from '../notifications/service';
import * as repo from './repository';
import { shareInHome } from './homeShare';
import type { CountingRow, ShareWithAccount } from './repository';

/**
 * What a shared receipt counts in each person's totals (budgets, alerts, forecast, analytics):
 * the sharer's receipt counts whole in their own receipts (its items in their own categories),
 * so the sharer's parts are minus what the others' shares take off it in each of those
 * categories (sharerParts); each other member with an account counts their share, in
 * their category of the receipt category's name, else their fallback ('Other'). Placeholders
 * count nowhere. A share whose home amount is unknown (no rate) counts nowhere either. The
 * category's name is kept on the shared receipt, so it still names one after the sharer left.
 */

/** A stored share in hundredths of the member's home currency, as totals count (null: unknown). */
const shareCents = (s: ShareWithAccount) =>
  s.home_minor === null || s.home_currency === null ? null : homeCents(Number(s.home_minor), s.home_currency, s.home_currency, null);

const sum = (values: Iterable<number>) => [...values].reduce((s, v) => s + v, 0);

/**
 * `kept` with no entry above its cap (what its category counts): the split's allocation and this
 * one round apart, so a category can be handed a cent more than it counts; that cent goes to the
 * first category with room. Only for the usual case of purchases, where every cap is at least
 * nothing and the whole fits under them.
 */
function withinCaps(kept: Map<string, number>, caps: ReadonlyMap<string, number>): Map<string, number> {
  const fits = [...caps.values()].every((cap) => cap >= 0) && [...kept.values()].every((k) => k >= 0) && sum(kept.values()) <= sum(caps.values());
  if (!fits) return kept;
  let over = 0;
  for (const [id, k] of kept) {
    const cap = caps.get(id)!;
    if (k > cap) {
      over += k - cap;
      kept.set(id, cap);
    }
  }
  for (const [id, cap] of caps) {
    const moved = Math.min(over, cap - kept.get(id)!);
    kept.set(id, kept.get(id)! + moved);
    over -= moved;
  }
  return kept;
}

/**
 * What the shares take off the sharer's own receipt in each category it counts in (non-zero
 * entries). The sharer keeps their part of each category's items (the split's division of each
 * line), with their share of tax, tip and rounding in proportion to it; the category gives up the
 * rest of what its items count. So items that are the sharer's alone still count whole in their
 * category, and no category gives up more than its items count. Without items, or with a split
 * that does not name them, everything comes off the receipt's category.
 */
function sharerParts(
  row: CountingRow,
  ownerMember: string | undefined,
  members: readonly string[],
  items: readonly CountedItem[],
  ownCents: number,
): Map<string, number> {
  const receipt = { printed_minor: Number(row.printed_minor), amount_cents: Number(row.amount_cents), category_id: row.category_id! };
  const whole = new Map([[receipt.category_id, ownCents - receipt.amount_cents]]);
  const targets = (row.split as { items?: SplitFor[] } | null)?.items;
  if (!items.length || targets?.length !== items.length) return whole;
  const lineParts = ownerMember
    ? memberLineParts(
        ownerMember,
        items.map((item, i) => ({ price: item.price_cents, quantity: item.quantity, for: targets[i] })),
        members,
      )
    : items.map(() => 0);
  const counted = new Map<string, number>();
  const mine = new Map<string, number>();
  countedItems(receipt, items).forEach((line, i) => {
    counted.set(line.categoryId, (counted.get(line.categoryId) ?? 0) + line.home);
    mine.set(line.categoryId, (mine.get(line.categoryId) ?? 0) + lineParts[i]);
  });
  // With no line of theirs (their share is only extras, or nothing), their share goes as the categories count.
  const weights = sum(mine.values()) !== 0 ? mine : counted;
  if (sum(weights.values()) === 0) return whole;
  const kept = withinCaps(allocate(ownCents, weights), counted);
  return new Map([...counted].map(([id, cents]): [string, number] => [id, kept.get(id)! - cents]).filter(([, cents]) => cents !== 0));
}

/**
 * The parts, from what is stored: the shared receipt, its shares, and the items of the sharer's
 * receipt. `categoryFor` names the category a member's share lands in. Pure apart from it.
 */
export async function countedParts(
  row: CountingRow,
  shares: readonly ShareWithAccount[],
  items: readonly CountedItem[],
  categoryFor: (userId: string, receiptCategoryName: string | null) => Promise<string>,
): Promise<CountedPart[]> {
  const parts: CountedPart[] = [];
  const owner = row.owner;
  if (owner && row.category_id !== null && row.amount_cents !== null) {
    const own = shares.find((s) => s.user_id === owner);
    const ownCents = own ? shareCents(own) : 0;
    if (ownCents !== null) {
      const members = shares.map((s) => s.member_id);
      for (const [categoryId, cents] of sharerParts(row, own?.member_id, members, items, ownCents))
        parts.push({ userId: owner, categoryId, day: row.date, cents });
    }
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
  const items = row.owner && row.receipt_id ? await repo.itemsOfSharedReceipt(trx, row.owner, row.receipt_id) : [];
  return replaceShareCounts(trx, sharedReceiptId, await countedParts(row, shares, items, (userId, name) => memberCategory(trx, userId, name)));
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
