import type { ManualReceiptBody, Receipt, ScanReceiptBody, SharedExpenseInput } from '../../../shared/receipts';
import type { HouseholdMember } from '../../../shared/households';
import { SHARE_PORTIONS_MAX } from '../../../shared/constants/households';
import { splitReceipt, type MemberShare, type SplitByAmount, type SplitFor, type SplitOutcome } from '../../../shared/split';
import { fromMinor, toMinor } from '../../../shared/currency';
import { amountInputError, amountInputValue } from '../../ui/amountInput';
import { formatMoney, moneyInputText } from '../../ui/money';
import type { ItemFormValues } from '../receipts/receiptRules';

/**
 * How a receipt form shares its receipt with a household, as typed, and what that becomes: the
 * save payload's sharing fields, and each member's share by shared/split.ts, the server's own
 * function, so the form shows to the cent what will be saved.
 */

/** Who one item is for: everyone, one member, or several by portions ('1' each: evenly; '' or '0': not this member). */
export interface ItemShareValues {
  mode: 'everyone' | 'one' | 'several';
  member: string;
  portions: Record<string, string>;
}

/** A receipt without items: evenly, by portions, or exact amounts per member. */
export type AmountSplitMode = 'evenly' | 'portions' | 'exact';

export interface SharingValues {
  /** The household it is shared with; '' private. */
  householdId: string;
  /** The household it was shared with when the form opened ('' none): choosing private then stops sharing it. */
  sharedBefore: string;
  /** The member who paid; '' me. */
  paidBy: string;
  /** Who each item is for, by the item row's key; a row without one is for everyone. */
  items: Record<string, ItemShareValues>;
  split: AmountSplitMode;
  portions: Record<string, string>;
  amounts: Record<string, string>;
}

export interface SharingErrors {
  householdId?: string;
  paidBy?: string;
  /** By item row key. */
  items?: Record<string, string>;
  /** The split of a receipt without items, or the whole split. */
  split?: string;
}

/** What of a receipt form the sharing reads: its total, tax, currency and items. */
export interface ShareableValues {
  amount: string;
  tax: string;
  currency: string;
  items: ItemFormValues[];
  sharing?: SharingValues;
}

export const EVERYONE: ItemShareValues = { mode: 'everyone', member: '', portions: {} };

export function privateSharing(): SharingValues {
  return { householdId: '', sharedBefore: '', paidBy: '', items: {}, split: 'evenly', portions: {}, amounts: {} };
}

/** Whether the form shares its receipt. */
export const isShared = (sharing: SharingValues | undefined): sharing is SharingValues => Boolean(sharing?.householdId);

/** The members a share can name: signed-in members and placeholders (former members keep only their old shares). */
export const presentMembers = (members: readonly HouseholdMember[]) => members.filter((m) => m.status !== 'former');

const itemShareOf = (sharing: SharingValues, key: string) => sharing.items[key] ?? EVERYONE;

/** A typed portion: null when it is not a whole number from 0 to SHARE_PORTIONS_MAX. */
function portionOf(text: string | undefined): number | null {
  const t = (text ?? '').trim();
  if (t === '') return 0;
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n <= SHARE_PORTIONS_MAX ? n : null;
}

export const PORTIONS_RULE = `Portions are whole numbers from 0 to ${SHARE_PORTIONS_MAX}.`;

/** The members with a portion above 0, or the message saying what is wrong. */
function portionsMap(typed: Record<string, string>, emptyMessage: string): Record<string, number> | string {
  const portions: Record<string, number> = {};
  for (const [member, text] of Object.entries(typed)) {
    const n = portionOf(text);
    if (n === null) return PORTIONS_RULE;
    if (n > 0) portions[member] = n;
  }
  return Object.keys(portions).length ? portions : emptyMessage;
}

const minorOf = (text: string, currency: string): number | null =>
  text.trim() === '' || amountInputError(text, { label: 'Amount', allowNegative: true, currency }) ? null : toMinor(amountInputValue(text, currency), currency);

function itemFor(share: ItemShareValues): SplitFor | string {
  if (share.mode === 'everyone') return { kind: 'everyone' };
  if (share.mode === 'one') return share.member ? { kind: 'one', member: share.member } : 'Choose who this item is for.';
  const portions = portionsMap(share.portions, 'Choose at least one person.');
  return typeof portions === 'string' ? portions : { kind: 'portions', portions };
}

function byAmountOf(sharing: SharingValues, currency: string): SplitByAmount | string {
  if (sharing.split === 'evenly') return { kind: 'everyone' };
  if (sharing.split === 'portions') {
    const portions = portionsMap(sharing.portions, 'Give at least one person a portion.');
    return typeof portions === 'string' ? portions : { kind: 'portions', portions };
  }
  const amounts: Record<string, number> = {};
  for (const [member, text] of Object.entries(sharing.amounts)) {
    if (text.trim() === '') continue;
    const minor = minorOf(text, currency);
    if (minor === null) return amountInputError(text, { label: 'Each amount', allowNegative: true, currency }) ?? 'Enter each amount.';
    amounts[member] = minor;
  }
  return { kind: 'exact', amounts };
}

/**
 * With exact amounts, how far they are from the total ('$2.50 less than the total of $40.00'),
 * or null when they add up (or cannot be read yet).
 */
export function exactGap(values: ShareableValues): string | null {
  const sharing = values.sharing;
  if (!isShared(sharing) || sharing.split !== 'exact' || values.items.length) return null;
  const total = minorOf(values.amount, values.currency);
  const by = byAmountOf(sharing, values.currency);
  if (total === null || typeof by === 'string' || by.kind !== 'exact') return null;
  const sum = Object.values(by.amounts).reduce((s, a) => s + a, 0);
  if (sum === total) return null;
  const money = (minor: number) => formatMoney(fromMinor(minor, values.currency), values.currency);
  return `The amounts add up to ${money(sum)}: ${money(Math.abs(total - sum))} ${sum < total ? 'less' : 'more'} than the total of ${money(total)}.`;
}

/** The split being asked for, or the messages of what is wrong with it (by field). */
type SplitRequest = { ok: true; items?: SplitFor[]; byAmount?: SplitByAmount } | { ok: false; errors: SharingErrors };

function splitRequest(values: ShareableValues, sharing: SharingValues): SplitRequest {
  if (values.items.length) {
    const errors: Record<string, string> = {};
    const items: SplitFor[] = [];
    for (const item of values.items) {
      const target = itemFor(itemShareOf(sharing, item.key));
      if (typeof target === 'string') errors[item.key] = target;
      else items.push(target);
    }
    return Object.keys(errors).length ? { ok: false, errors: { items: errors } } : { ok: true, items };
  }
  const byAmount = byAmountOf(sharing, values.currency);
  return typeof byAmount === 'string' ? { ok: false, errors: { split: byAmount } } : { ok: true, byAmount };
}

/**
 * Each member's share in minor units, as the server will compute it: tax as the tax, and what
 * neither the items nor the tax explain (tip, discount, rounding) spread the same way. null while
 * the amounts cannot be read or the split is not complete.
 */
export function liveShares(values: ShareableValues, memberIds: readonly string[]): SplitOutcome | null {
  const sharing = values.sharing;
  if (!isShared(sharing) || memberIds.length === 0) return null;
  const { currency } = values;
  const total = minorOf(values.amount, currency);
  const tax = values.tax.trim() ? minorOf(values.tax, currency) : 0;
  if (total === null || tax === null) return null;
  const request = splitRequest(values, sharing);
  if (!request.ok) return null;
  const prices = values.items.map((i) => minorOf(i.price, currency));
  const quantities = values.items.map((i) => Number(i.quantity.trim()));
  if (prices.some((p) => p === null) || quantities.some((q) => !(q > 0))) return null;
  const items = values.items.map((_, n) => ({ price: prices[n]!, quantity: quantities[n], for: request.items![n] }));
  const lines = items.reduce((sum, item) => sum + Math.round(item.price * item.quantity), 0);
  return splitReceipt({
    members: memberIds,
    total,
    items: items.length ? items : undefined,
    byAmount: request.byAmount,
    tax,
    rounding: items.length ? total - tax - lines : 0,
  });
}

/** The form's own check of its sharing, before anything is sent (the server checks membership again). */
export function validateSharing(values: ShareableValues, members: readonly HouseholdMember[]): SharingErrors {
  const sharing = values.sharing;
  if (!isShared(sharing)) return {};
  const ids = presentMembers(members).map((m) => m._id);
  const errors: SharingErrors = {};
  if (sharing.paidBy && ids.length && !ids.includes(sharing.paidBy)) errors.paidBy = 'Choose who paid from the household.';
  const request = splitRequest(values, sharing);
  if (!request.ok) return { ...errors, ...request.errors };
  const gap = exactGap(values);
  if (gap) return { ...errors, split: gap };
  const outcome = liveShares(values, ids);
  if (outcome && !outcome.ok) errors.split = outcome.message;
  return errors;
}

type SentItem = { assigned_to?: string | null; shared_with?: Array<string | { member_id: string; portions: number }> };

/** An item's target as the save payload names it (one portion: the bare member id). */
function itemTarget(share: ItemShareValues): Required<SentItem> {
  const target = itemFor(share);
  if (typeof target === 'string' || target.kind === 'everyone') return { assigned_to: null, shared_with: [] };
  if (target.kind === 'one') return { assigned_to: target.member, shared_with: [] };
  const shared = Object.entries(target.portions).map(([member_id, portions]) => (portions === 1 ? member_id : { member_id, portions }));
  return { assigned_to: null, shared_with: shared };
}

function expensesOf(sharing: SharingValues, currency: string): SharedExpenseInput[] {
  const by = byAmountOf(sharing, currency);
  if (typeof by === 'string' || by.kind === 'everyone' || by.kind === 'one') return [];
  if (by.kind === 'portions') return Object.entries(by.portions).map(([member_id, portions]) => ({ member_id, portions }));
  return Object.entries(by.amounts).map(([member_id, minor]) => ({ member_id, amount: fromMinor(minor, currency) }));
}

/**
 * A save body with the form's sharing: unchanged for a receipt that is not and was not shared
 * (a person who shares nothing sends what they always did); is_shared false and no household
 * when it stops being shared; else the household, who paid and who each part is for.
 */
export function withSharing<B extends ManualReceiptBody | ScanReceiptBody>(body: B, values: ShareableValues): B {
  const sharing = values.sharing;
  if (!sharing?.householdId) return sharing?.sharedBefore ? { ...body, is_shared: false, household_id: null } : body;
  const shared: B = { ...body, is_shared: true, household_id: sharing.householdId };
  if (sharing.paidBy) shared.paid_by = sharing.paidBy;
  if (values.items.length) {
    const items = (body.items ?? []) as Array<SentItem & object>;
    shared.items = items.map((item, n) => ({ ...item, ...itemTarget(itemShareOf(sharing, values.items[n].key)) })) as B['items'];
  } else {
    shared.shared_expenses = expensesOf(sharing, values.currency);
  }
  return shared;
}

/** An item's target from the GET answer. */
function itemShareFrom(item: Receipt['items'][number]): ItemShareValues {
  if (item.assigned_to) return { mode: 'one', member: item.assigned_to, portions: {} };
  if (!item.shared_with?.length) return EVERYONE;
  const portions = Object.fromEntries(item.shared_with.map((m) => (typeof m === 'string' ? [m, '1'] : [m.member_id, String(m.portions)])));
  return { mode: 'several', member: '', portions };
}

/**
 * The sharing of a receipt as the GET answer has it, for its edit form (its item rows in the
 * answer's order). A receipt without items shows its shares as exact amounts, unless they are
 * the even split.
 */
export function sharingFromReceipt(receipt: Receipt, items: readonly ItemFormValues[]): SharingValues | undefined {
  if (!receipt.is_shared || !receipt.household_id) return undefined;
  const sharing: SharingValues = { ...privateSharing(), householdId: receipt.household_id, sharedBefore: receipt.household_id, paidBy: receipt.paid_by ?? '' };
  if (receipt.items.length) {
    sharing.items = Object.fromEntries(items.map((row, n) => [row.key, itemShareFrom(receipt.items[n])]));
    return sharing;
  }
  const shares = receipt.shared_expenses ?? [];
  const minor = (amount: number) => toMinor(amount, receipt.currency) ?? 0;
  const even = splitReceipt({
    members: shares.map((s) => s.member_id),
    total: minor(receipt.amount),
    byAmount: { kind: 'everyone' },
  });
  const isEven = even.ok && even.shares.every((e: MemberShare) => minor(shares.find((s) => s.member_id === e.member)!.amount) === e.amount);
  if (isEven) return sharing;
  const amounts = Object.fromEntries(shares.filter((s) => s.amount !== 0).map((s) => [s.member_id, moneyInputText(s.amount, receipt.currency)]));
  return { ...sharing, split: 'exact', amounts };
}

/**
 * Where a refused save's message belongs in the sharing section: the household, who paid, one
 * item (the server names items by position), or the split; {} when it is not about sharing.
 */
export function sharingErrorOf(message: string | null, values: ShareableValues): SharingErrors {
  if (!message || !isShared(values.sharing)) return {};
  const text = message.replace(/^Failed to save receipt: /, '');
  const item = /\bitems\.(\d+)/.exec(text);
  if (item && values.items[Number(item[1])]) return { items: { [values.items[Number(item[1])].key]: text } };
  if (/paid_by/.test(text)) return { paidBy: text };
  if (/household/i.test(text) && !/not a member/.test(text)) return { householdId: text };
  if (/shared_expenses|not a member|portion|amount|member|add up/i.test(text)) return { split: text };
  return {};
}

/** A form's errors with those of its sharing, under `sharing` when there are any. */
export function withSharingErrors<E extends object>(errors: E, values: ShareableValues, members: readonly HouseholdMember[]): E & { sharing?: SharingErrors } {
  const sharing = validateSharing(values, members);
  return Object.keys(sharing).length ? { ...errors, sharing } : errors;
}
