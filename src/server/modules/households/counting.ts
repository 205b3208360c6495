import type { Executor } from '../../db/schema';
import { homeCents } from '../../../shared/currency';
import { countedItems, type CountedItem, type CountedLine } from '../../../shared/itemCounting';
import { allocate, memberLineParts, type SplitFor, type SplitItem } from '../../../shared/split';
import { replaceShareCounts, type CountedPart } from '../analytics/service';
import { ensureFallbackCategory, findCategoryByName } from '../categories/service';
import { notifyOnCounted } from '../notifications/service';
import * as repo from './repository';
import { shareInHome } from './homeShare';
import type { CountingRow, ShareCategory, SharedItem, ShareWithAccount } from './repository';

/**
 * What a shared receipt counts in each person's totals (budgets, alerts, forecast, analytics):
 * the sharer's receipt counts whole in their own receipts (its items in their own categories),
 * so the sharer's parts are minus what the others' shares take off it in each of those
 * categories (sharerParts); each other member with an account counts their share divided as
 * the items it pays for count (shareCategories), each part in their category of that name, else
 * their fallback ('Other'). Placeholders count nowhere. A share whose home amount is unknown (no
 * rate) counts nowhere either. The names are kept on the shared receipt, so they still name
 * categories after the sharer left.
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

/** A receipt's items as its split names them: each one's line and where it counts, and what each category counts. */
interface Itemized {
  split: SplitItem[];
  lines: CountedLine[];
  /** Category id → what its items count (home hundredths). */
  counted: Map<string, number>;
}

/** The items as the split names them; null when it divides by amount, or the receipt has no items or is not linked. */
function itemized(row: CountingRow, items: readonly CountedItem[]): Itemized | null {
  const targets = (row.split as { items?: SplitFor[] } | null)?.items;
  if (!items.length || targets?.length !== items.length || row.category_id === null || row.amount_cents === null) return null;
  const receipt = { printed_minor: Number(row.printed_minor), amount_cents: Number(row.amount_cents), category_id: row.category_id };
  const lines = countedItems(receipt, items);
  const counted = new Map<string, number>();
  for (const line of lines) counted.set(line.categoryId, (counted.get(line.categoryId) ?? 0) + line.home);
  return { split: items.map((item, i) => ({ price: item.price_cents, quantity: item.quantity, for: targets[i] })), lines, counted };
}

/**
 * What a member's share divides over the receipt's categories by (category id → weight, every
 * category present): their part of each category's item lines, the split's division of each
 * line, so tax, tip and rounding follow in proportion; with no line of theirs (their share is
 * only extras, or nothing), what each category counts. Null: nothing to be in proportion to.
 */
function shareWeights(items: Itemized, member: string, members: readonly string[]): Map<string, number> | null {
  const lineParts = memberLineParts(member, items.split, members);
  const mine = new Map<string, number>();
  items.lines.forEach((line, i) => mine.set(line.categoryId, (mine.get(line.categoryId) ?? 0) + lineParts[i]));
  const weights = sum(mine.values()) !== 0 ? mine : items.counted;
  return sum(weights.values()) === 0 ? null : weights;
}

/**
 * What the shares take off the sharer's own receipt in each category it counts in (non-zero
 * entries): each category keeps the sharer's own part of it (`own`, their share as
 * shareCategories divides it, by category id) and gives up the rest of what its items count, so
 * it gives up what the others' parts there come to. Items that are the sharer's alone still
 * count whole in their category, and no category gives up more than its items count. Without
 * items, or with a split that does not name them, everything comes off the receipt's category.
 */
function sharerParts(row: CountingRow, items: Itemized | null, ownCents: number, own: ReadonlyMap<string, number>): Map<string, number> {
  const whole = new Map([[row.category_id!, ownCents - Number(row.amount_cents)]]);
  if (!items) return whole;
  const mine = new Map([...items.counted.keys()].map((id) => [id, own.get(id) ?? 0]));
  // With no part of their own (a share of nothing), each category gives up all it counts.
  const weights = sum(mine.values()) !== 0 ? mine : items.counted;
  if (sum(weights.values()) === 0) return whole;
  const kept = withinCaps(allocate(ownCents, weights), items.counted);
  return new Map([...items.counted].map(([id, cents]): [string, number] => [id, kept.get(id)! - cents]).filter(([, cents]) => cents !== 0));
}

/** A category name as a key of a map (null, no name kept, as ''). */
const nameKey = (name: string | null | undefined) => name ?? '';

/** The name of each category a receipt counts in, by id (as nameKey gives it). */
function categoryNames(row: CountingRow, items: readonly SharedItem[]): Map<string | null, string> {
  const names = new Map<string | null, string>([[row.category_id, nameKey(row.category_name ?? row.kept_category)]]);
  for (const item of items) if (item.category_id !== null) names.set(item.category_id, nameKey(item.category_name));
  return names;
}

/**
 * How each member's share (the sharer's too) divides over the sharer's category names, in the
 * receipt's currency: by the same weights the sharer's own parts are made by, so a member's share
 * of the charger counts where the charger does. Each share whole under the receipt's category
 * when the split does not name the items. Kept on the shared receipt (share_categories), it
 * outlives the link to the sharer's receipt, as the category's name does.
 */
export function shareCategories(row: CountingRow, shares: readonly ShareWithAccount[], items: readonly SharedItem[]): ShareCategory[] {
  const names = categoryNames(row, items);
  const receiptName = names.get(row.category_id)!;
  const byName = (perCategory: Iterable<[string, number]>) => {
    const named = new Map<string, number>();
    for (const [id, value] of perCategory) {
      const name = names.get(id) ?? '';
      named.set(name, (named.get(name) ?? 0) + value);
    }
    // Only the names a member has a part in, so a cent is never moved to one they have nothing in.
    return new Map([...named].filter(([, value]) => value !== 0));
  };
  const split = itemized(row, items);
  const members = shares.map((s) => s.member_id);
  const divided = new Map<string, Map<string, number>>();
  for (const share of shares) {
    const amount = Number(share.amount_minor);
    if (amount === 0) continue;
    const weights = split && shareWeights(split, share.member_id, members);
    const named = weights && byName(weights);
    divided.set(share.member_id, named && sum(named.values()) !== 0 ? allocate(amount, named) : new Map([[receiptName, amount]]));
  }
  if (split) matchCategories(divided, byName(split.lines.map((line): [string, number] => [line.categoryId, line.printed])));
  return [...divided].flatMap(([member_id, parts]) =>
    [...parts].filter(([, minor]) => minor !== 0).map(([name, minor]) => ({ member_id, category: name || null, minor })),
  );
}

/**
 * Moves cents between a member's categories, never changing their share, until each category
 * holds, of all the shares together, what the receipt's items count there (`wanted`): each
 * share is rounded on its own, which can leave one category a cent over and another a cent
 * under. A cent moves only to a category the member has a part in, and only in the usual case
 * of purchases (no part below nothing).
 */
function matchCategories(divided: ReadonlyMap<string, Map<string, number>>, wanted: ReadonlyMap<string, number>): void {
  const held = new Map<string, number>();
  for (const parts of divided.values()) for (const [name, minor] of parts) held.set(name, (held.get(name) ?? 0) + minor);
  const parts = [...divided.values()].flatMap((p) => [...p.values()]);
  if ([...parts, ...wanted.values()].some((v) => v < 0) || sum(held.values()) !== sum(wanted.values())) return;
  const off = (name: string) => (held.get(name) ?? 0) - (wanted.get(name) ?? 0);
  for (let moved = true; moved;) {
    moved = false;
    for (const over of [...held.keys()].filter((name) => off(name) > 0)) {
      for (const under of [...held.keys()].filter((name) => off(name) < 0)) {
        const member = [...divided.values()].find((p) => p.get(over)! > 0 && p.has(under));
        if (!member || off(over) <= 0) continue;
        member.set(over, member.get(over)! - 1);
        member.set(under, member.get(under)! + 1);
        held.set(over, held.get(over)! - 1);
        held.set(under, held.get(under)! + 1);
        moved = true;
      }
    }
  }
}

/**
 * The parts, from what is stored: the shared receipt, its shares, the items of the sharer's
 * receipt and how each share divides over category names (shareCategories, as kept).
 * `categoryFor` names the category of a member's own a name lands in. Pure apart from it.
 */
export async function countedParts(
  row: CountingRow,
  shares: readonly ShareWithAccount[],
  items: readonly SharedItem[],
  categories: readonly ShareCategory[],
  categoryFor: (userId: string, receiptCategoryName: string | null) => Promise<string>,
): Promise<CountedPart[]> {
  const parts: CountedPart[] = [];
  const owner = row.owner;
  if (owner && row.category_id !== null && row.amount_cents !== null) {
    const own = shares.find((s) => s.user_id === owner);
    const ownCents = own ? shareCents(own) : 0;
    if (ownCents !== null) {
      const ids = new Map([...categoryNames(row, items)].map(([id, name]) => [name, id]));
      const mine = new Map<string, number>();
      for (const c of categories) {
        const id = ids.get(nameKey(c.category));
        if (c.member_id === own?.member_id && id) mine.set(id, (mine.get(id) ?? 0) + c.minor);
      }
      for (const [categoryId, cents] of sharerParts(row, itemized(row, items), ownCents, mine)) parts.push({ userId: owner, categoryId, day: row.date, cents });
    }
  }
  for (const share of shares) {
    const cents = shareCents(share);
    // The sharer's own share is in the owner's part; once detached, their receipt counts whole.
    if (!share.user_id || share.user_id === owner || share.member_id === row.shared_by || !cents) continue;
    const divided = new Map<string, number>();
    for (const c of categories) if (c.member_id === share.member_id) divided.set(nameKey(c.category), (divided.get(nameKey(c.category)) ?? 0) + c.minor);
    const byName = sum(divided.values()) !== 0 ? allocate(cents, divided) : new Map([[nameKey(row.category_name ?? row.kept_category), cents]]);
    for (const [name, part] of byName)
      if (part !== 0) parts.push({ userId: share.user_id, categoryId: await categoryFor(share.user_id, name || null), day: row.date, cents: part });
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
  let items: SharedItem[] = [];
  let categories: ShareCategory[];
  if (row.owner && row.receipt_id) {
    items = await repo.itemsOfSharedReceipt(trx, row.owner, row.receipt_id);
    categories = shareCategories(row, shares, items);
    await repo.keepShareCategories(trx, row.household_id, sharedReceiptId, categories);
  } else {
    categories = await repo.shareCategoriesOf(trx, sharedReceiptId);
  }
  const parts = await countedParts(row, shares, items, categories, (userId, name) => memberCategory(trx, userId, name));
  return replaceShareCounts(trx, sharedReceiptId, parts);
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
