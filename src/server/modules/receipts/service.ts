import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database, Executor } from '../../db/schema';
import { isForeignKeyViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import type { BlobStore } from '../../blobs/store';
import type { BlobUrlSigner } from '../../blobs/signedUrls';
import { imageHash, receiptFileToKeep } from '../../images/stored';
import { receiptFileFromData } from '../../images/upload';
import { pagesOf, type DrawnPages } from '../../pdf/pages';
import { PDF_TYPE } from '../../../shared/constants/scan';
import { pagesDocument } from '../../blobs/pageLinks';
import { writeAsUser } from '../../db/accountGate';
import { fromCents, MAX_AMOUNT } from '../../../shared/money';
import { MAX_RATE, MIN_RATE } from '../../../shared/currencyRates';
import { formatMoney, fromMinor } from '../../../shared/currency';
import { todayIn } from '../../../shared/calendar';
import { findHomeCurrency, loadRateBook, minorAmount, rateRanges, receiptMoney, type RateBook, type ReceiptMoney } from '../currency/service';
import {
  RECEIPT_LIST_DEFAULT_LIMIT,
  type CreateReceiptBody,
  type LikeReceipt,
  type ManualReceiptBody,
  type Receipt,
  type ReceiptListQuery,
  type SameReceiptQuery,
} from '../../../shared/receipts';
import { ensureFallbackCategory, findCategoryByRef } from '../categories/service';
import { moveCategoryTotals, receiptCountFromTotals } from '../analytics/service';
import { learnItems, learnStore, settleRead, type ScanSaved } from '../scan/service';
import { shareReceipt, sharingOfReceipts, unshareReceipt, type ReceiptSharing, type ShareRequest } from '../households/service';
import type { SplitFor } from '../../../shared/split';
import type { MemberPortions } from '../../../shared/receipts';
import { publishReceiptBatch, type ReceiptChange, type ReceiptListener, type ReceiptSnapshot } from './events';
import { toInput, type ReceiptInput, type SharingInput } from './input';
import { itemParts } from './itemCounts';
import { findSameReceipt } from './sameReceipt';
import { decodeListCursor, encodeListCursor } from './listCursor';
import type { Clock } from '../../clock';
import {
  countReceipts,
  deleteReceipt,
  findReceipt,
  imageKeysOf,
  insertReceipt,
  itemsOf,
  listReceipts,
  lockReceipt,
  moveReceiptsToCategory,
  firstRehomeProblem,
  refreshSearchText,
  rehomeReceipts,
  replaceItems,
  updateReceipt,
  type ReceiptBase,
  type ReceiptFields,
  type ReceiptFilter,
  type ReceiptPage,
  type NewItem,
  type ReceiptItemRow,
  type ReceiptRow,
  type RehomeProblem,
  receiptsWithItemCategories,
  replaceItemCounts,
  type CategoryPart,
} from './repository';

/** What other modules read or write through this one, inside their own transaction. */
export { findLikeReceipts, listReceipts, type LikeQuery, type ReceiptRow } from './repository';
export { findSameReceipt, toLikeReceipt } from './sameReceipt';

const receiptNotFound = () => notFound('Receipt not found');

/** The imported receipt a scan fills in, locked; a 404 when it is not the person's, a 409 when it has its own receipt already. */
async function lockImported(trx: Executor, userId: string, id: string): Promise<ReceiptBase> {
  const row = await lockReceipt(trx, userId, id);
  if (!row) throw receiptNotFound();
  if (!row.imported) throw conflict('That receipt was not imported from a bank statement: save this one as a new receipt');
  return row;
}

/** The receipt's amounts from the input: in the currency sent (or `kept`), at the rate typed, kept or in the table. */
function moneyOf(input: ReceiptInput, book: RateBook, kept?: { currency: string; rate: string | null }): ReceiptMoney {
  const currency = input.currency ?? kept?.currency ?? book.home;
  const keptRate = input.rate === undefined && kept && kept.currency === currency && kept.rate !== null ? Number(kept.rate) : undefined;
  return receiptMoney({ amount: input.amount.value, field: input.amount.field, currency, rate: input.rate ?? keptRate, date: input.date }, book);
}

/**
 * Items are kept in the receipt currency's minor units too, each with its own category (null:
 * the receipt's, also when it names the receipt's, so it follows the receipt when that changes).
 * An unknown category is a 400 from the form; from a scan (spec §3 sends 'food' by default) the
 * item counts in the receipt's.
 */
async function itemsIn(
  db: Executor,
  userId: string,
  input: ReceiptInput,
  money: ReceiptMoney,
  home: string,
  receiptCategoryId: string,
): Promise<NewItem[] | undefined> {
  if (!input.items) return undefined;
  const found = new Map<string, string | null>();
  const categoryOf = async (ref: string | undefined, i: number): Promise<string | null> => {
    if (ref === undefined) return null;
    if (!found.has(ref)) found.set(ref, (await findCategoryByRef(db, userId, ref))?.id ?? null);
    const id = found.get(ref)!;
    if (id === null && input.source === 'manual') throw badRequest(`items.${i}.category: Unknown category: ${ref}`);
    return id === receiptCategoryId ? null : id;
  };
  const items: NewItem[] = [];
  for (const [i, item] of input.items.entries()) {
    items.push({
      name: item.name,
      price_cents: minorAmount(item.price, money.currency, `items.${i}.price`, home),
      quantity: item.quantity,
      category_id: await categoryOf(item.category, i),
      return_by: item.deadlines.returnBy,
      warranty_until: item.deadlines.warrantyUntil,
    });
  }
  return items;
}

function taxIn(input: ReceiptInput, money: ReceiptMoney, home: string): number | null | undefined {
  return input.tax === undefined || input.tax === null ? input.tax : minorAmount(input.tax, money.currency, 'tax', home);
}

/**
 * The tax a receipt keeps, checked against its amount: tax is part of what was paid, so never
 * more than it; on a refund (a negative amount) never more than what came back.
 */
function checkedTax(taxMinor: number | null, money: ReceiptMoney, amountField: string): number | null {
  const paid = Math.abs(money.printed_minor);
  if (taxMinor !== null && taxMinor > paid) throw badRequest(`tax must not be more than the ${amountField} (${formatMoney(paid, money.currency)})`);
  return taxMinor;
}

/** A scan's items as saved, by the name they were read as (sent back by the review form). */
function learnedItems(input: ReceiptInput, items: readonly NewItem[], receiptCategoryId: string) {
  return items.flatMap((item, i) => {
    const readAs = input.items?.[i]?.readAs;
    return readAs ? [{ readAs, name: item.name, categoryId: item.category_id ?? receiptCategoryId }] : [];
  });
}

function snapshot(row: ReceiptBase, parts: readonly CategoryPart[]): ReceiptSnapshot {
  return { id: row.id, store: row.store, date: row.date, amountCents: row.amount_cents, categoryId: row.category_id, parts };
}

/** What the items of a receipt counted before a write and count after it. */
interface ItemCounts {
  before: CategoryPart[];
  after: CategoryPart[];
}

/** A draft's image and text, taken (the draft removed) by the transaction that saves it as a receipt. */
export interface TakenDraft {
  imageKey: string;
  imageHash: string;
  ocrText: string | null;
  /** A PDF draft's first page as its scan drew it (a blob of its own), and its pages: the receipt's page from then on. */
  page: StoredPage | null;
}

/** Takes a draft being saved (the drafts module, handed in by moduleWiring); a 404 when it is not the person's. */
export type DraftTaker = (trx: Executor, userId: string, draftId: string) => Promise<TakenDraft>;

/** A PDF original's first page as a JPEG (its blob key), the PDF's number of pages, and its later pages' keys in order. */
export interface StoredPage {
  key: string;
  count: number;
  laterKeys: string[];
}

/** The receipt columns that keep a PDF's pages (null: none). */
function pageColumns(page: StoredPage | null | undefined): Pick<ReceiptFields, 'page_key' | 'page_count' | 'later_page_keys'> {
  return { page_key: page?.key ?? null, page_count: page?.count ?? null, later_page_keys: page?.laterKeys.length ? JSON.stringify(page.laterKeys) : null };
}

/** An image stored for a write: its blob key and the hash of its bytes, and for a PDF its first page. */
interface StoredImage {
  key: string;
  hash: string;
  page?: StoredPage | null;
}

type KeptFiles = Pick<ReceiptBase, 'image_key' | 'page_key' | 'later_page_keys'>;

/** The blobs a write let go: the image and pages the receipt had before, where they changed. */
function replacedKeys(before: KeptFiles, after: KeptFiles): Array<string | null> {
  const pagesGone = before.page_key !== after.page_key ? [before.page_key, ...(before.later_page_keys ?? [])] : [];
  return [before.image_key !== after.image_key ? before.image_key : null, ...pagesGone];
}

/** Where a new receipt's image and text come from, given the image stored with the request (if any). */
type ImageSource = (trx: Executor, stored: StoredImage | null | undefined) => Promise<{ image: StoredImage | null; ocrText: string | null }>;

/** The image sent with the request (none: none) and, from a scan, the text read off it. */
const uploaded =
  (input: ReceiptInput): ImageSource =>
  async (_trx, stored) => ({ image: stored ?? null, ocrText: input.ocrText ?? null });

/** The sharing asked for, with exact amounts in the receipt currency's minor units. */
function shareRequestOf(sharing: SharingInput, currency: string, home: string): ShareRequest {
  const by = sharing.byAmount;
  if (by?.kind !== 'exact') return { ...sharing, byAmount: by };
  const amounts = Object.fromEntries(
    Object.entries(by.amounts).map(([member, amount]) => [member, minorAmount(amount, currency, 'shared_expenses.amount', home)]),
  );
  return { ...sharing, byAmount: { kind: 'exact', amounts } };
}

/** An item's target as the save payload names it: assigned_to one member, shared_with several, or neither (everyone). */
function itemTarget(target: SplitFor | undefined): { assigned_to: string | null; shared_with: Array<string | MemberPortions> } {
  if (target?.kind === 'one') return { assigned_to: target.member, shared_with: [] };
  if (target?.kind !== 'portions') return { assigned_to: null, shared_with: [] };
  const shared = Object.entries(target.portions).map(([member_id, portions]) => (portions === 1 ? member_id : { member_id, portions }));
  return { assigned_to: null, shared_with: shared };
}

/** A return window and warranty as answered: only those there are, so a person who uses none gets spec §3's answer. */
function deadlineAnswers(row: { return_by: string | null; warranty_until: string | null }): { return_by?: string; warranty_until?: string } {
  return { ...(row.return_by && { return_by: row.return_by }), ...(row.warranty_until && { warranty_until: row.warranty_until }) };
}

/**
 * The receipt's return window and warranty after an edit: each sent (null: removed) or kept, a
 * kept one still after the receipt's date, which may have moved.
 */
function editedDeadlines(input: ReceiptInput, before: ReceiptBase): Pick<ReceiptFields, 'return_by' | 'warranty_until'> {
  const kept = (field: 'return_by' | 'warranty_until', sent: string | null | undefined) => {
    if (sent !== undefined) return sent;
    const date = before[field];
    if (date !== null && date <= input.date) throw badRequest(`${field} (${date}) must be after the receipt's date (${input.date}): change or clear it`);
    return date;
  };
  return { return_by: kept('return_by', input.deadlines.returnBy), warranty_until: kept('warranty_until', input.deadlines.warrantyUntil) };
}

/** The person's rates, and the receipt's amounts from the input by them (see moneyOf). */
async function priced(trx: Executor, userId: string, input: ReceiptInput, kept?: ReceiptBase): Promise<{ book: RateBook; money: ReceiptMoney }> {
  const book = await loadRateBook(trx, userId);
  return { book, money: moneyOf(input, book, kept) };
}

export class ReceiptService {
  constructor(
    private db: Db,
    private blobs: BlobStore,
    private urls: BlobUrlSigner,
    /** Told of every create, edit and delete, a batch of one, in the write's transaction (moduleWiring's list). */
    private listeners: readonly ReceiptListener[],
    private clock: Clock,
    /** Only the receipt routes save drafts; a service made to read (the export) knows none. */
    private takeDraft: DraftTaker = async () => {
      throw notFound('Draft not found');
    },
    /** Told after a save of a scan (with its scan_read_id) commits: the scan module's learning from it. */
    private scanSaved: ScanSaved = async () => undefined,
  ) {}

  toReceipt(row: ReceiptRow, items: ReceiptItemRow[], sharing?: ReceiptSharing): Receipt {
    const receipt: Receipt = {
      id: row.id,
      store: row.store,
      date: row.date,
      amount: fromMinor(row.printed_minor, row.currency),
      currency: row.currency,
      rate: row.rate === null ? null : Number(row.rate),
      home_amount: fromCents(row.amount_cents),
      imported: row.imported,
      category: row.category_name,
      categoryId: row.category_id,
      description: row.description,
      paymentMethod: row.payment_method,
      tax: row.tax_cents === null ? null : fromMinor(row.tax_cents, row.currency),
      items: items.map((i, n) => ({
        name: i.name,
        price: fromMinor(i.price_cents, row.currency),
        quantity: i.quantity,
        // Only an item in a category of its own says so: spec §3's items stay name, price, quantity.
        ...(i.category_id ? { categoryId: i.category_id } : {}),
        ...deadlineAnswers(i),
        ...(sharing ? itemTarget(sharing.split.items?.[n]) : {}),
      })),
      imageUrl: row.image_key ? this.urls.url(row.image_key) : null,
      ...deadlineAnswers(row),
      // A PDF's first page, drawn when it was saved: the picture shown of it.
      ...(row.image_key && row.page_key ? { document: pagesDocument(this.urls, row.page_count ?? 1, this.urls.url(row.page_key), row.later_page_keys) } : {}),
    };
    // Only a shared receipt carries these: a person who shares nothing gets spec §3's answer.
    if (!sharing) return receipt;
    return { ...receipt, is_shared: true, household_id: sharing.household_id, paid_by: sharing.paid_by, shared_expenses: sharing.shares };
  }

  /**
   * One page of receipts (items fetched in one extra query), the number of matches, and the
   * cursor of the page after it (null when this page is the last).
   */
  async list(userId: string, query: ReceiptListQuery): Promise<{ receipts: Receipt[]; total: number; next: string | null }> {
    const asked = await this.listRequest(userId, query);
    if (!asked) return { receipts: [], total: 0, next: null };
    const { filter } = asked;
    // Without a search or warranty filter the totals already know the count: no scan over every receipt.
    const counting = filter.search || filter.warrantyOn ? countReceipts(this.db, userId, filter) : receiptCountFromTotals(this.db, userId, filter.categoryId);
    const [listed, total] = await Promise.all([this.readPage(userId, asked), counting]);
    return { ...listed, total };
  }

  /**
   * A page as `list` reads it, of some days only and without counting every match: for a
   * service that reads page after page (the evidence pack).
   */
  async pageOfDays(userId: string, query: ReceiptListQuery, days: DayRange): Promise<{ receipts: Receipt[]; next: string | null }> {
    const asked = await this.listRequest(userId, query);
    if (!asked) return { receipts: [], next: null };
    return this.readPage(userId, { ...asked, filter: { ...asked.filter, ...days } });
  }

  /** The filter and page a list query asks for; null when its category does not exist (it matches nothing; not an error). */
  private async listRequest(userId: string, query: ReceiptListQuery): Promise<{ filter: ReceiptFilter; page: ReceiptPage } | null> {
    const sort = query.sort ?? 'date';
    const order = query.order ?? 'desc';
    if (query.after !== undefined && query.offset) throw badRequest('Send either offset or after: a cursor says where the page starts');
    const after = query.after === undefined ? undefined : decodeListCursor(query.after, sort, order);
    let categoryId: string | undefined;
    if (query.category) {
      const category = await findCategoryByRef(this.db, userId, query.category);
      if (!category) return null;
      categoryId = category.id;
    }
    const warrantyOn = query.under_warranty ? todayIn('UTC', this.clock()) : undefined;
    return {
      filter: { search: query.search?.trim() || undefined, categoryId, warrantyOn },
      page: { sort, order, limit: query.limit ?? RECEIPT_LIST_DEFAULT_LIMIT, offset: query.offset ?? 0, after },
    };
  }

  private async readPage(
    userId: string,
    { filter, page }: { filter: ReceiptFilter; page: ReceiptPage },
  ): Promise<{ receipts: Receipt[]; next: string | null }> {
    const rows = await listReceipts(this.db, userId, filter, page);
    const items = await itemsOf(
      this.db,
      userId,
      rows.map((r) => r.id),
    );
    const byReceipt = new Map<string, ReceiptItemRow[]>();
    for (const item of items) byReceipt.set(item.receipt_id, [...(byReceipt.get(item.receipt_id) ?? []), item]);
    const sharing = await sharingOfReceipts(
      this.db,
      userId,
      rows.map((r) => r.id),
    );
    const last = rows.length === page.limit ? rows[rows.length - 1] : undefined;
    const next = last ? encodeListCursor({ sort: page.sort, order: page.order, key: last.cursor_key, createdAt: last.cursor_created, id: last.id }) : null;
    return {
      receipts: rows.map(({ cursor_key: _key, cursor_created: _created, ...r }) => this.toReceipt(r, byReceipt.get(r.id) ?? [], sharing.get(r.id))),
      next,
    };
  }

  /** The blob key of each receipt's original, for those of the person's receipts that have one (the evidence pack). */
  originalKeys(userId: string, receiptIds: string[]): Promise<Map<string, string>> {
    return imageKeysOf(this.db, userId, receiptIds);
  }

  async get(userId: string, id: string): Promise<Receipt> {
    const row = await findReceipt(this.db, userId, id);
    if (!row) throw receiptNotFound();
    const sharing = await sharingOfReceipts(this.db, userId, [row.id]);
    return this.toReceipt(row, await itemsOf(this.db, userId, [row.id]), sharing.get(row.id));
  }

  /** The receipt, saved or imported, that one being entered looks like (see findSameReceipt). */
  findSame(userId: string, query: SameReceiptQuery): Promise<LikeReceipt | null> {
    return findSameReceipt(this.db, userId, query, this.clock());
  }

  /**
   * Saves a receipt from either request shape: the form's, a scan's, a draft's, or any of them
   * filling in an imported bank row (into_id).
   */
  async create(userId: string, body: CreateReceiptBody): Promise<Receipt> {
    const at = this.clock();
    const input = toInput(body, at);
    const id = input.intoId
      ? await this.fillInImported(userId, input, input.intoId, at)
      : input.draftId
        ? await this.saveDraft(userId, input, input.draftId, at)
        : input.source === 'scan'
          ? await this.saveScan(userId, input, at)
          : await this.saveTyped(userId, input, at);
    if (input.scanReadId) await this.scanSaved(userId);
    return this.get(userId, id);
  }

  /** A receipt typed into the form: not announced, the person is looking at it. */
  private saveTyped(userId: string, input: ReceiptInput, at: Date): Promise<string> {
    return this.saveNew(userId, input, at, uploaded(input), { announce: false });
  }

  /** One photo scanned and reviewed: announced, since the person may have left the screen by the time it is saved. */
  private saveScan(userId: string, input: ReceiptInput, at: Date): Promise<string> {
    return this.saveNew(userId, input, at, uploaded(input), { announce: true });
  }

  /** A draft of a bulk upload, reviewed in the queue: it becomes the receipt (its image and text) and goes, in one transaction. */
  private saveDraft(userId: string, input: ReceiptInput, draftId: string, at: Date): Promise<string> {
    return this.saveNew(userId, input, at, this.fromDraft(userId, draftId), { announce: false });
  }

  /**
   * An imported bank row filled in by a receipt saved from any screen (with its photo, or a
   * draft's): the row keeps its id, its description and payment method unless new ones are sent,
   * and is no longer an imported one. Not announced: the person chose the row.
   */
  private fillInImported(userId: string, input: ReceiptInput, intoId: string, at: Date): Promise<string> {
    const source = input.draftId ? this.fromDraft(userId, input.draftId) : uploaded(input);
    return this.withStoredImage(userId, input, async (trx, stored) => {
      const { image, ocrText } = await source(trx, stored);
      const into = await lockImported(trx, userId, intoId);
      const { fields, items } = await this.newFields(trx, userId, input, image, into);
      const row = await updateReceipt(trx, userId, into.id, fields, { ocr_text: ocrText, imported: false });
      const counts = await this.afterWrite(trx, userId, input, row, items, at);
      await this.tell(trx, userId, at, { before: snapshot(into, counts.before), after: snapshot(row, counts.after), announce: false });
      return { result: row.id, oldKeys: replacedKeys(into, row) };
    });
  }

  /** Inserts a new receipt with the image and text `source` gives it, and tells the listeners. */
  private saveNew(userId: string, input: ReceiptInput, at: Date, source: ImageSource, { announce }: { announce: boolean }): Promise<string> {
    return this.withStoredImage(userId, input, async (trx, stored) => {
      const { image, ocrText } = await source(trx, stored);
      const { fields, items } = await this.newFields(trx, userId, input, image, null);
      const row = await insertReceipt(trx, userId, fields, ocrText);
      const counts = await this.afterWrite(trx, userId, input, row, items, at);
      await this.tell(trx, userId, at, { before: null, after: snapshot(row, counts.after), announce });
      return { result: row.id, oldKeys: [] };
    });
  }

  /** Takes the draft being saved (it goes with this transaction); its image and text become the receipt's. */
  private fromDraft(userId: string, draftId: string): ImageSource {
    return async (trx) => {
      const draft = await this.takeDraft(trx, userId, draftId);
      return { image: { key: draft.imageKey, hash: draft.imageHash, page: draft.page }, ocrText: draft.ocrText };
    };
  }

  /**
   * A new receipt's fields (or an imported row's it fills in, keeping its description and
   * payment method): the category chosen, hinted or Other; the amounts in its currency; the tax
   * checked against them.
   */
  private async newFields(
    trx: Executor,
    userId: string,
    input: ReceiptInput,
    image: StoredImage | null,
    filling: ReceiptBase | null,
  ): Promise<{ fields: ReceiptFields; items: NewItem[] }> {
    const categoryId = await this.resolveCategory(trx, userId, input, null);
    const { book, money } = await priced(trx, userId, input);
    const fields: ReceiptFields = {
      store: input.store,
      date: input.date,
      ...money,
      category_id: categoryId,
      description: input.description ?? filling?.description ?? '',
      payment_method: input.paymentMethod ?? filling?.payment_method ?? '',
      tax_cents: checkedTax(taxIn(input, money, book.home) ?? null, money, input.amount.field),
      image_key: image?.key ?? null,
      image_hash: image?.hash ?? null,
      return_by: input.deadlines.returnBy ?? filling?.return_by ?? null,
      warranty_until: input.deadlines.warrantyUntil ?? filling?.warranty_until ?? null,
      ...pageColumns(image?.page),
    };
    return { fields, items: (await itemsIn(trx, userId, input, money, book.home, categoryId)) ?? [] };
  }

  /**
   * What follows every write of a receipt's row: its items (undefined: kept), its search text,
   * for a scan the store as this person names and files it, and its shares in a household
   * (shared, divided again, or no longer shared). Answers what its items count in their categories.
   */
  private async afterWrite(trx: Executor, userId: string, input: ReceiptInput, row: ReceiptBase, items: NewItem[] | undefined, at: Date): Promise<ItemCounts> {
    if (items) await replaceItems(trx, userId, row.id, items);
    await refreshSearchText(trx, userId, row.id);
    if (input.scanRef) await learnStore(trx, userId, input.scanRef, row.store, row.category_id);
    if (input.scanReadId) await settleRead(trx, userId, input.scanReadId, { store: row.store, date: row.date, total: input.amount.value });
    if (items && input.items) await learnItems(trx, userId, learnedItems(input, items, row.category_id));
    await this.share(trx, userId, input, row, items, at);
    const after = itemParts(row, items ?? (await itemsOf(trx, userId, [row.id])));
    return { before: await replaceItemCounts(trx, userId, row.id, after), after };
  }

  /** Shares the receipt as the input asks, or divides it again if it is shared (households module). */
  private async share(trx: Executor, userId: string, input: ReceiptInput, row: ReceiptBase, items: NewItem[] | undefined, at: Date): Promise<void> {
    const home = await findHomeCurrency(trx, userId);
    const facts = {
      receiptId: row.id,
      store: row.store,
      date: row.date,
      currency: row.currency,
      totalMinor: row.printed_minor,
      rate: row.rate === null ? null : Number(row.rate),
      home,
      taxMinor: row.tax_cents,
      items: items ?? (await itemsOf(trx, userId, [row.id])),
    };
    const request = input.sharing ? shareRequestOf(input.sharing, row.currency, home) : input.sharing;
    await shareReceipt(trx, { uid: userId }, facts, request, at);
  }

  /** Edits from the manual form; optional fields left out keep their value. */
  async update(userId: string, id: string, body: ManualReceiptBody): Promise<Receipt> {
    const at = this.clock();
    const input = toInput(body, at, { editing: true });
    await this.withStoredImage(userId, input, async (trx, stored) => {
      const before = await lockReceipt(trx, userId, id);
      if (!before) throw receiptNotFound();
      const { book, money } = await priced(trx, userId, input, before);
      const tax = taxIn(input, money, book.home);
      const categoryId = await this.resolveCategory(trx, userId, input, before.category_id);
      const items = await itemsIn(trx, userId, input, money, book.home, categoryId);
      const fields: ReceiptFields = {
        store: input.store,
        date: input.date,
        ...money,
        category_id: categoryId,
        description: input.description ?? before.description,
        payment_method: input.paymentMethod ?? before.payment_method,
        // Checked when kept too: the amount may have changed under it.
        tax_cents: checkedTax(tax === undefined ? before.tax_cents : tax, money, input.amount.field),
        image_key: stored === undefined ? before.image_key : (stored?.key ?? null),
        image_hash: stored === undefined ? before.image_hash : (stored?.hash ?? null),
        ...editedDeadlines(input, before),
        ...(stored === undefined ? { page_key: before.page_key, page_count: before.page_count } : pageColumns(stored?.page)),
      };
      const after = await updateReceipt(trx, userId, id, fields);
      const counts = await this.afterWrite(trx, userId, input, after, items, at);
      await this.tell(trx, userId, at, { before: snapshot(before, counts.before), after: snapshot(after, counts.after) });
      return { result: undefined, oldKeys: replacedKeys(before, after) };
    });
    return this.get(userId, id);
  }

  async delete(userId: string, id: string): Promise<void> {
    const imageKeys = await writeAsUser(this.db, userId, async (trx) => {
      const before = await lockReceipt(trx, userId, id);
      if (!before) throw receiptNotFound();
      await unshareReceipt(trx, id);
      const counted = await replaceItemCounts(trx, userId, id, []);
      await deleteReceipt(trx, userId, id);
      await this.tell(trx, userId, this.clock(), { before: snapshot(before, counted), after: null });
      return [before.image_key, before.page_key, ...(before.later_page_keys ?? [])];
    });
    await Promise.all(imageKeys.map((key) => key && this.deleteBlobQuietly(key)));
  }

  /**
   * Runs a receipt write with its image kept consistent: the image is decoded first, then stored
   * inside the transaction (so an account deletion waits for it, or refuses it before anything
   * is stored), the write runs with it (undefined: keep, null: remove), the new blob is
   * deleted if the transaction fails, and the replaced ones after it commits. A PDF's first page
   * is drawn here, before the transaction, and stored with it.
   */
  private async withStoredImage<T>(
    userId: string,
    input: ReceiptInput,
    write: (trx: Transaction<Database>, image: StoredImage | null | undefined) => Promise<{ result: T; oldKeys: Array<string | null | undefined> }>,
  ): Promise<T> {
    const image = input.image?.data ? await receiptFileToKeep(receiptFileFromData(input.image.data, input.image.field), input.image.field) : null;
    const pages = image?.contentType === PDF_TYPE ? await pagesOf(image.bytes) : null;
    // The pages' keys as they are stored, so a write failing halfway still deletes them.
    const kept: { image?: StoredImage; pageKeys: string[] } = { pageKeys: [] };
    let outcome: { result: T; oldKeys: Array<string | null | undefined> };
    try {
      outcome = await writeAsUser(this.db, userId, async (trx) => {
        if (image) kept.image = { key: await this.blobs.put(userId, image.bytes, image.contentType, trx), hash: imageHash(image.bytes) };
        if (kept.image && pages) kept.image.page = await this.storePages(userId, pages, kept.pageKeys, trx);
        return write(trx, kept.image ?? (input.image ? null : undefined));
      });
    } catch (err) {
      if (kept.image) await Promise.all([kept.image.key, ...kept.pageKeys].map((key) => this.deleteBlobQuietly(key)));
      if (isForeignKeyViolation(err)) throw conflict('The category was deleted meanwhile. Please choose another and try again.');
      throw err;
    }
    await Promise.all(outcome.oldKeys.map((key) => key && this.deleteBlobQuietly(key)));
    return outcome.result;
  }

  /** The category id for the input: the chosen one (400 if unknown), else the hint, else keep or Other. */
  private async resolveCategory(db: Executor, userId: string, input: ReceiptInput, current: string | null): Promise<string> {
    if (input.category !== undefined) {
      const chosen = await findCategoryByRef(db, userId, input.category);
      if (!chosen) throw badRequest(`Unknown category: ${input.category}`);
      return chosen.id;
    }
    if (current) return current;
    const hinted = input.categoryHint ? await findCategoryByRef(db, userId, input.categoryHint) : undefined;
    return (hinted ?? (await ensureFallbackCategory(db, userId))).id;
  }

  /** Tells the listeners of one receipt written, as a batch of one. */
  private tell(trx: Executor, userId: string, at: Date, change: ReceiptChange): Promise<void> {
    return publishReceiptBatch(trx, { userId, at, changes: [change] }, this.listeners);
  }

  /** Stores a PDF's drawn pages, a blob each, pushing each key onto `keys` once stored. */
  private async storePages(userId: string, pages: DrawnPages, keys: string[], trx: Transaction<Database>): Promise<StoredPage> {
    for (const jpeg of pages.jpegs) keys.push(await this.blobs.put(userId, jpeg, 'image/jpeg', trx));
    const [key, ...laterKeys] = keys;
    return { key: key!, count: pages.pages, laterKeys };
  }

  /** An orphaned blob costs disk, not correctness: a failed delete must not fail the request. */
  private async deleteBlobQuietly(key: string): Promise<void> {
    await this.blobs.delete(key).catch(() => undefined);
  }
}

/** Days a list is limited to, both inclusive ('YYYY-MM-DD'); only services ask for them (the evidence pack). */
export interface DayRange {
  from?: string;
  to?: string;
}

/** A rate as people read it: no exponent, at most eight significant digits. */
const plainRate = (rate: number) => rate.toLocaleString('en-US', { useGrouping: false, maximumSignificantDigits: 8 });

/** The 400's words for a receipt the new home currency cannot count. */
function rehomeRefusal(problem: RehomeProblem, from: string, to: string): string {
  if (problem.kind === 'missing')
    return `To count in ${to}, type the rate of 1 ${from} in ${to}, or add rates for ${from} from ${problem.date} in Settings → Currencies`;
  const rate = `a rate of ${plainRate(Number(problem.rate))} ${to} for 1 ${problem.currency}`;
  const why = {
    'rate-too-small': `${rate}, below the smallest kept (${plainRate(MIN_RATE)})`,
    'rate-too-large': `${rate}, above the largest kept (${plainRate(MAX_RATE)})`,
    'amount-too-large': `more than ${MAX_AMOUNT} ${to}`,
  }[problem.kind];
  return `Counted in ${to}, the receipt from ${problem.store} on ${problem.date} would come to ${why}: correct that receipt first`;
}

/**
 * Counts every receipt in the new home currency `to`, which replaces `from`: each at the new
 * home's rate on its day, or through the old home (see Rehome), in a few set-based statements
 * whatever the number of receipts. A receipt without a rate, or one whose rate would round to
 * nothing, pass the largest rate kept or come to more than any amount may, is a 400 in words
 * that changes nothing. Answers the stores whose receipts changed.
 */
export async function convertReceiptsToHome(trx: Executor, userId: string, from: string, to: string): Promise<Set<string>> {
  const rehome = { from, to, rates: rateRanges(userId, to) };
  const problem = await firstRehomeProblem(trx, userId, rehome, { minRate: MIN_RATE, maxRate: MAX_RATE, maxCents: MAX_AMOUNT * 100 });
  if (problem) throw badRequest(rehomeRefusal(problem, from, to));
  const stores = new Set(await rehomeReceipts(trx, userId, rehome));
  // Item parts are in the home currency: valued again (the bulk recount of the totals reads them).
  const receipts = await receiptsWithItemCategories(trx, userId);
  const items = await itemsOf(
    trx,
    userId,
    receipts.map((r) => r.id),
  );
  for (const receipt of receipts) {
    await replaceItemCounts(
      trx,
      userId,
      receipt.id,
      itemParts(
        receipt,
        items.filter((i) => i.receipt_id === receipt.id),
      ),
    );
  }
  return stores;
}

/** Moves every receipt of one category, and its totals, to another (the first is about to go). */
export async function moveCategoryReceipts(trx: Executor, userId: string, fromCategoryId: string, toCategoryId: string): Promise<void> {
  await moveReceiptsToCategory(trx, userId, fromCategoryId, toCategoryId);
  await moveCategoryTotals(trx, userId, fromCategoryId, toCategoryId);
}

/** Receipts made in bulk from a bank statement (the imports module). */
export { insertImportedReceipts, IMPORTED_PAYMENT_METHOD, type ImportedReceipt } from './bulk';
export { receiptDateRefusal, EARLIEST_RECEIPT_DATE, latestReceiptDate } from './input';
