import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database, Executor, ReceiptsTable } from '../../db/schema';
import { isForeignKeyViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import type { BlobStore } from '../../blobs/store';
import type { BlobUrlSigner } from '../../blobs/signed-urls';
import { decodeImageData, withoutMetadata } from '../../blobs/image';
import { writeAsUser } from '../../db/accountGate';
import { fromCents } from '../../../shared/money';
import { RECEIPT_LIST_DEFAULT_LIMIT, type CreateReceiptBody, type ManualReceiptBody, type Receipt, type ReceiptListQuery } from '../../../shared/receipts';
import { ensureFallbackCategory, findCategoryByRef } from '../categories/service';
import { moveCategoryTotals, receiptCountFromTotals } from '../analytics/service';
import { learnStore } from '../scan/service';
import { publishReceiptChange, type ReceiptListener, type ReceiptSnapshot } from './events';
import { toDraft, type ReceiptDraft } from './input';
import {
  countReceipts,
  deleteReceipt,
  findReceipt,
  insertReceipt,
  itemsOf,
  listReceipts,
  lockReceipt,
  moveReceiptsToCategory,
  replaceItems,
  updateReceipt,
  type ReceiptFields,
  type ReceiptItemRow,
  type ReceiptRow,
} from './repository';

/** What other modules read or write through this one, inside their own transaction. */
export { listReceipts, type ReceiptRow } from './repository';

const receiptNotFound = () => notFound('Receipt not found');

function snapshot(row: Selectable<ReceiptsTable>): ReceiptSnapshot {
  return { id: row.id, store: row.store, date: row.date, amountCents: row.amount_cents, categoryId: row.category_id };
}

export class ReceiptService {
  constructor(
    private db: Db,
    private blobs: BlobStore,
    private urls: BlobUrlSigner,
    /** Told of every create, edit and delete, in the write's transaction (app.ts builds the list). */
    private listeners: readonly ReceiptListener[],
  ) {}

  toReceipt(row: ReceiptRow, items: ReceiptItemRow[]): Receipt {
    return {
      id: row.id,
      store: row.store,
      date: row.date,
      amount: fromCents(row.amount_cents),
      category: row.category_name,
      categoryId: row.category_id,
      description: row.description,
      paymentMethod: row.payment_method,
      tax: row.tax_cents === null ? null : fromCents(row.tax_cents),
      items: items.map((i) => ({ name: i.name, price: fromCents(i.price_cents), quantity: i.quantity })),
      imageUrl: row.image_key ? this.urls.url(row.image_key) : null,
    };
  }

  /** One page of receipts (items fetched in one extra query) and the number of matches. */
  async list(userId: string, query: ReceiptListQuery): Promise<{ receipts: Receipt[]; total: number }> {
    let categoryId: string | undefined;
    if (query.category) {
      const category = await findCategoryByRef(this.db, userId, query.category);
      // Filtering by a category that does not exist matches nothing; it is not an error.
      if (!category) return { receipts: [], total: 0 };
      categoryId = category.id;
    }
    const filter = { search: query.search?.trim() || undefined, categoryId };
    const page = {
      sort: query.sort ?? 'date',
      order: query.order ?? 'desc',
      limit: query.limit ?? RECEIPT_LIST_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    } as const;
    // Without a search the totals already know the count: no scan over every receipt.
    const counting = filter.search ? countReceipts(this.db, userId, filter) : receiptCountFromTotals(this.db, userId, categoryId);
    const [rows, total] = await Promise.all([listReceipts(this.db, userId, filter, page), counting]);
    const items = await itemsOf(
      this.db,
      userId,
      rows.map((r) => r.id),
    );
    const byReceipt = new Map<string, ReceiptItemRow[]>();
    for (const item of items) byReceipt.set(item.receipt_id, [...(byReceipt.get(item.receipt_id) ?? []), item]);
    return { receipts: rows.map((r) => this.toReceipt(r, byReceipt.get(r.id) ?? [])), total };
  }

  async get(userId: string, id: string): Promise<Receipt> {
    const row = await findReceipt(this.db, userId, id);
    if (!row) throw receiptNotFound();
    return this.toReceipt(row, await itemsOf(this.db, userId, [row.id]));
  }

  /** Saves a receipt from the scan payload or the manual form. */
  async create(userId: string, body: CreateReceiptBody): Promise<Receipt> {
    const draft = toDraft(body);
    const id = await this.withStoredImage(userId, draft, async (trx, imageKey) => {
      const categoryId = await this.resolveCategory(trx, userId, draft, null);
      const row = await insertReceipt(trx, userId, {
        store: draft.store,
        date: draft.date,
        amount_cents: draft.amountCents,
        category_id: categoryId,
        description: draft.description ?? '',
        payment_method: draft.paymentMethod ?? '',
        tax_cents: draft.taxCents ?? null,
        image_key: imageKey ?? null,
      });
      await replaceItems(trx, userId, row.id, draft.items ?? []);
      // Saving a scan teaches Tally what this person calls the store and where they file it.
      if (draft.scanRef) await learnStore(trx, userId, draft.scanRef, row.store, categoryId);
      await publishReceiptChange(trx, { userId, before: null, after: snapshot(row), announce: draft.source === 'scan' }, this.listeners);
      return { result: row.id, oldImageKey: null };
    });
    return this.get(userId, id);
  }

  /** Edits from the manual form; optional fields left out keep their value. */
  async update(userId: string, id: string, body: ManualReceiptBody): Promise<Receipt> {
    const draft = toDraft(body);
    await this.withStoredImage(userId, draft, async (trx, imageKey) => {
      const before = await lockReceipt(trx, userId, id);
      if (!before) throw receiptNotFound();
      const fields: ReceiptFields = {
        store: draft.store,
        date: draft.date,
        amount_cents: draft.amountCents,
        category_id: await this.resolveCategory(trx, userId, draft, before.category_id),
        description: draft.description ?? before.description,
        payment_method: draft.paymentMethod ?? before.payment_method,
        tax_cents: draft.taxCents === undefined ? before.tax_cents : draft.taxCents,
        image_key: imageKey === undefined ? before.image_key : imageKey,
      };
      const after = await updateReceipt(trx, userId, id, fields);
      if (draft.items) await replaceItems(trx, userId, id, draft.items);
      await publishReceiptChange(trx, { userId, before: snapshot(before), after: snapshot(after) }, this.listeners);
      return { result: undefined, oldImageKey: before.image_key !== after.image_key ? before.image_key : null };
    });
    return this.get(userId, id);
  }

  async delete(userId: string, id: string): Promise<void> {
    const imageKey = await writeAsUser(this.db, userId, async (trx) => {
      const before = await lockReceipt(trx, userId, id);
      if (!before) throw receiptNotFound();
      await deleteReceipt(trx, userId, id);
      await publishReceiptChange(trx, { userId, before: snapshot(before), after: null }, this.listeners);
      return before.image_key;
    });
    if (imageKey) await this.deleteBlobQuietly(imageKey);
  }

  /**
   * Runs a receipt write with its image kept consistent: the image is decoded first, then stored
   * inside the transaction (so an account deletion waits for it, or refuses it before anything
   * is stored), the write runs with its key (undefined: keep, null: remove), the new blob is
   * deleted if the transaction fails, and the replaced one after it commits.
   */
  private async withStoredImage<T>(
    userId: string,
    draft: ReceiptDraft,
    write: (trx: Transaction<Database>, imageKey: string | null | undefined) => Promise<{ result: T; oldImageKey: string | null }>,
  ): Promise<T> {
    const image = draft.image?.data ? await withoutMetadata(decodeImageData(draft.image.data, draft.image.field), draft.image.field) : null;
    let newKey: string | null | undefined = draft.image ? null : undefined;
    let outcome: { result: T; oldImageKey: string | null };
    try {
      outcome = await writeAsUser(this.db, userId, async (trx) => {
        if (image) newKey = await this.blobs.put(userId, image.bytes, image.contentType);
        return write(trx, newKey);
      });
    } catch (err) {
      if (newKey) await this.deleteBlobQuietly(newKey);
      if (isForeignKeyViolation(err)) throw conflict('The category was deleted meanwhile. Please choose another and try again.');
      throw err;
    }
    if (outcome.oldImageKey) await this.deleteBlobQuietly(outcome.oldImageKey);
    return outcome.result;
  }

  /** The category id for the draft: the chosen one (400 if unknown), else the hint, else keep or Other. */
  private async resolveCategory(db: Executor, userId: string, draft: ReceiptDraft, current: string | null): Promise<string> {
    if (draft.category !== undefined) {
      const chosen = await findCategoryByRef(db, userId, draft.category);
      if (!chosen) throw badRequest(`Unknown category: ${draft.category}`);
      return chosen.id;
    }
    if (current) return current;
    const hinted = draft.categoryHint ? await findCategoryByRef(db, userId, draft.categoryHint) : undefined;
    return (hinted ?? (await ensureFallbackCategory(db, userId))).id;
  }

  /** An orphaned blob costs disk, not correctness: a failed delete must not fail the request. */
  private async deleteBlobQuietly(key: string): Promise<void> {
    await this.blobs.delete(key).catch(() => undefined);
  }
}

/** Moves every receipt of one category, and its totals, to another (the first is about to go). */
export async function moveCategoryReceipts(trx: Executor, userId: string, fromCategoryId: string, toCategoryId: string): Promise<void> {
  await moveReceiptsToCategory(trx, userId, fromCategoryId, toCategoryId);
  await moveCategoryTotals(trx, userId, fromCategoryId, toCategoryId);
}
