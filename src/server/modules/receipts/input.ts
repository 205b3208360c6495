import { badRequest } from '../../errors';
import { DEFAULT_ITEM_CATEGORY, isScanPayload, type CreateReceiptBody, type ManualCreateBody, type ScanReceiptBody } from '../../../shared/receipts';
import type { CalendarDate } from '../../../shared/calendar';
import { deadlinesOf, parseReceiptDate, type Deadlines } from './receiptDates';
import type { SplitFor } from '../../../shared/split';

/** The date rules live in receiptDates.ts; these names were always read from here. */
export { EARLIEST_RECEIPT_DATE, latestReceiptDate, parseReceiptDate, receiptDateRefusal } from './receiptDates';

export type ReceiptSource = 'scan' | 'manual';

/**
 * A receipt as either request shape describes it, checked and in cents. An optional field
 * left undefined means "default" on create and "keep" on edit.
 */
export interface ReceiptInput {
  /** Which form sent it: a scan save is announced, since the person may have left the screen. */
  source: ReceiptSource;
  store: string;
  date: CalendarDate;
  /** The amount as printed; checked against its currency's decimals by the service, which knows the currency. */
  amount: { value: number; field: string };
  /** ISO code as sent; undefined: the home currency on create, kept on edit. */
  currency?: string;
  /** A typed rate to the home currency; null: the rates table's; undefined: the table's, or on edit the one kept. */
  rate?: number | null;
  /** A category name or id the client chose. */
  category?: string;
  /** The scanned items' shared category: used when it names one of the user's categories. */
  categoryHint?: string;
  description?: string;
  paymentMethod?: string;
  /** As typed, in the receipt's currency (its decimals are checked by the service). */
  tax?: number | null;
  items?: InputItem[];
  /** Image data to store (string), remove (null) or keep (undefined); `field` names it in errors. */
  image?: { field: string; data: string | null };
  /** From a scan: what was read at the top of the receipt, so Tally learns this store's name and category. */
  scanRef?: string;
  /** From a scan: the reading this save is of, to count whether its fields were saved as read. */
  scanReadId?: string;
  /** From a scan: the text read off the receipt. */
  ocrText?: string;
  /** A draft being saved: its image and text become the receipt's. */
  draftId?: string;
  /** An imported bank row's receipt this one fills in, instead of adding another. */
  intoId?: string;
  /** Shared with a household; null: not shared (on edit: no longer); undefined: not shared on create, kept on edit. */
  sharing?: SharingInput | null;
  /** Return window and warranty; each null: none (on edit: removed); undefined: none on create, kept on edit. */
  deadlines: Partial<Deadlines>;
}

/**
 * How a receipt is shared, as sent (member ids are checked by the households module, amounts
 * against the currency by the service). Fields left undefined keep their value on edit.
 */
export interface SharingInput {
  /** undefined: the household the receipt is shared with already (an edit). */
  householdId?: string;
  /** The request said who paid or who a part is for (an edit of a private receipt then needs a household). */
  mentioned: boolean;
  paidBy?: string;
  /** Who each item is for, in the items' order; undefined when the items were not sent. */
  items?: SplitFor[];
  /** A receipt without items: portions, or exact amounts as typed; undefined: not sent. */
  byAmount?: { kind: 'portions'; portions: Record<string, number> } | { kind: 'exact'; amounts: Record<string, number> } | { kind: 'everyone' };
}

/** An item as sent: its price as typed, in the receipt's currency. */
export interface InputItem {
  name: string;
  price: number;
  quantity: number;
  /** A category name or id of its own; left out: the receipt's. */
  category?: string;
  /** From a scan: the name as the scanner read it, so Tally learns the name the person gives it. */
  readAs?: string;
  /** The item's own return window and warranty (null: none). */
  deadlines: Deadlines;
}

type SentItem = { name: string; price: number; quantity?: number } & Pick<ItemSharing, 'assigned_to' | 'shared_with'>;
type ItemSharing = NonNullable<ManualCreateBody['items']>[number];

/** Member ids with their portions, each member once. */
function portionsOf(entries: ReadonlyArray<{ member_id: string; portions?: number }>, field: string): Record<string, number> {
  const portions: Record<string, number> = {};
  for (const { member_id, portions: n } of entries) {
    if (member_id in portions) throw badRequest(`${field} names the member ${member_id} twice`);
    portions[member_id] = n ?? 1;
  }
  return portions;
}

/** Who an item is for: the one member assigned, the members it is shared with, or everyone. */
function itemFor(item: SentItem, i: number): SplitFor {
  const shared = (item.shared_with ?? []).map((m) => (typeof m === 'string' ? { member_id: m } : m));
  if (item.assigned_to && shared.length) throw badRequest(`items.${i}: give either assigned_to or shared_with, not both`);
  if (item.assigned_to) return { kind: 'one', member: item.assigned_to };
  if (shared.length) return { kind: 'portions', portions: portionsOf(shared, `items.${i}.shared_with`) };
  return { kind: 'everyone' };
}

/** Whether the request says anything about sharing beyond spec §3's defaults (false, null, empty). */
function mentionsSharing(body: ScanReceiptBody | ManualCreateBody): boolean {
  const items: readonly SentItem[] = body.items ?? [];
  return body.paid_by !== undefined || (body.shared_expenses?.length ?? 0) > 0 || items.some((item) => item.assigned_to || (item.shared_with?.length ?? 0) > 0);
}

const NO_HOUSEHOLD = 'Who paid and who each part is for only count on a shared receipt: choose its household (household_id)';

/**
 * The sharing a request asks for: null not shared, undefined nothing said (a new receipt is
 * private). is_shared true needs a household; false (spec §3's default) with a household, or
 * sharing details with no household to share with, contradict each other. On edit, a household
 * left out keeps the one the receipt is shared with.
 */
function sharingOf(body: ScanReceiptBody | ManualCreateBody, editing: boolean): SharingInput | null | undefined {
  const householdId = body.household_id;
  if (body.is_shared === false && householdId) throw badRequest('is_shared is false but household_id names a household: send is_shared true to share it');
  if (body.is_shared === true && (householdId === null || (householdId === undefined && !editing)))
    throw badRequest('Choose the household to share this receipt with (household_id)');
  const mentioned = mentionsSharing(body);
  if (body.is_shared === false || householdId === null || (householdId === undefined && !editing)) {
    if (mentioned) throw badRequest(NO_HOUSEHOLD);
    return body.is_shared === false || householdId === null ? null : undefined;
  }
  const items: readonly SentItem[] | undefined = body.items;
  const expenses = body.shared_expenses;
  if (items?.length && expenses?.length)
    throw badRequest('With items, say who each item is for (assigned_to, shared_with); shared_expenses divides a receipt without items');
  return { householdId, mentioned, paidBy: body.paid_by, items: items?.map(itemFor), byAmount: expenses && byAmountOf(expenses) };
}

/** A receipt without items divided by portions (default 1 each), exact amounts, or evenly when the list is empty. */
function byAmountOf(expenses: NonNullable<ManualCreateBody['shared_expenses']>): NonNullable<SharingInput['byAmount']> {
  if (expenses.length === 0) return { kind: 'everyone' };
  const exact = expenses.filter((e) => e.amount !== undefined);
  if (exact.some((e) => e.portions !== undefined)) throw badRequest('shared_expenses: give a member an amount or portions, not both');
  if (exact.length === 0) return { kind: 'portions', portions: portionsOf(expenses, 'shared_expenses') };
  if (exact.length !== expenses.length) throw badRequest('shared_expenses: give every member an amount, or none (portions)');
  portionsOf(expenses, 'shared_expenses'); // each member once
  return { kind: 'exact', amounts: Object.fromEntries(exact.map((e) => [e.member_id, e.amount!])) };
}

type ItemSent = {
  name: string;
  price: number;
  quantity?: number;
  category?: string;
  read_as?: string;
  return_by?: string | null;
  warranty_until?: string | null;
};

/** `withCategories` false: the items follow the receipt's category whatever they name. Deadlines are checked against the receipt's `date`. */
function itemsOf(items: readonly ItemSent[], date: CalendarDate, now: Date, withCategories = true): InputItem[] {
  return items.map((item, i) => {
    const quantity = item.quantity ?? 1;
    if (!(quantity > 0)) throw badRequest(`items.${i}.quantity must be greater than 0`);
    const category = withCategories ? item.category?.trim() || undefined : undefined;
    const { returnBy = null, warrantyUntil = null } = deadlinesOf(item, `items.${i}.`, date, now);
    return { name: item.name.trim(), price: item.price, quantity, category, readAs: item.read_as?.trim() || undefined, deadlines: { returnBy, warrantyUntil } };
  });
}

/** The category all scanned items share, if they do ('food' is the scan screen's default). */
function sharedItemCategory(items: ScanReceiptBody['items']): string | undefined {
  const names = new Set((items ?? []).map((i) => (i.category ?? DEFAULT_ITEM_CATEGORY).trim().toLowerCase()));
  return names.size === 1 ? [...names][0] : undefined;
}

type SharedField = 'date' | 'currency' | 'rate' | 'category' | 'description' | 'tax' | 'intoId' | 'sharing' | 'deadlines';

/**
 * The fields both request shapes name alike, read alike: a rule for one (how a date is read, a
 * description trimmed) holds for the other. Read before the items, so a bad date is named first.
 */
function sharedFields(body: ScanReceiptBody | ManualCreateBody, now: Date, editing: boolean): Pick<ReceiptInput, SharedField> {
  const date = parseReceiptDate(body.date, 'date', now);
  return {
    date,
    deadlines: deadlinesOf(body, '', date, now),
    currency: body.currency,
    rate: body.rate,
    category: body.category,
    description: body.description?.trim(),
    tax: body.tax,
    intoId: body.into_id,
    sharing: sharingOf(body, editing),
  };
}

function fromScan(body: ScanReceiptBody, now: Date): ReceiptInput {
  if (body.draft_id && body.image_url) throw badRequest('Send either draft_id or image_url: a draft brings its own image');
  const hint = sharedItemCategory(body.items);
  const shared = sharedFields(body, now, false);
  return {
    source: 'scan',
    store: body.store_name.trim(),
    amount: { value: body.total_amount, field: 'total_amount' },
    ...shared,
    categoryHint: body.category ? undefined : hint,
    // Items that all name one category (spec §3's default 'food') are the receipt's category.
    items: itemsOf(body.items ?? [], shared.date, now, Boolean(body.category) || !hint),
    image: body.image_url ? { field: 'image_url', data: body.image_url } : undefined,
    scanRef: body.scan_ref || undefined,
    scanReadId: body.scan_read_id || undefined,
    ocrText: body.ocr_text?.trim() || undefined,
    draftId: body.draft_id,
  };
}

/** The form's fields (an edit's body has no into_id: only a new receipt fills in a bank row). */
function fromManual(body: ManualCreateBody, now: Date, editing: boolean): ReceiptInput {
  const shared = sharedFields(body, now, editing);
  return {
    source: 'manual',
    store: body.store.trim(),
    amount: { value: body.amount, field: 'amount' },
    ...shared,
    paymentMethod: body.paymentMethod?.trim(),
    items: body.items ? itemsOf(body.items, shared.date, now) : undefined,
    image: body.imageData === undefined ? undefined : { field: 'imageData', data: body.imageData || null },
  };
}

/** Checks either request shape (schema validation has run) and turns it into a ReceiptInput. */
export function toInput(body: CreateReceiptBody, now: Date, { editing = false } = {}): ReceiptInput {
  return isScanPayload(body) ? fromScan(body, now) : fromManual(body, now, editing);
}
