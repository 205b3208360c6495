import type { Db } from '../../db';
import type { BlobStore } from '../../blobs/store';
import type { BlobUrlSigner } from '../../blobs/signedUrls';
import type { Clock } from '../../clock';
import { badRequest, notFound } from '../../errors';
import type { ZipEntry } from '../../zip/writeZip';
import { isCalendarDate } from '../../../shared/calendar';
import { RECEIPT_LIST_MAX_LIMIT, type Receipt } from '../../../shared/receipts';
import { PACK_CSV_NAME, PACK_ORIGINAL_COLUMN, PACK_ORIGINALS_FOLDER, PACK_STORE_NAME_MAX, type PackQuery } from '../../../shared/pack';
import { findCategoryByRef } from '../categories/service';
import { ReceiptService } from '../receipts/service';
import { csvHeader, csvRows } from './csv';
import { CSV_HEADER, printedAmount, receiptCsvValues } from './service';

// Excel reads a CSV as UTF-8 only with a byte order mark.
const UTF8_BOM = '\uFEFF';

/**
 * Text as a safe piece of a file name on any system: letters and digits of any script, accents
 * dropped ('Café' → 'Cafe'), every other run of characters one '-', at most `max` characters.
 */
export function fileNamePart(text: string, max: number): string {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return Array.from(plain).slice(0, max).join('').replace(/-+$/, '');
}

/** 'originals/2025-03-04_Cafe-Mondial_12.50_<id>.jpg': found by day, store and amount; the id keeps each name unique. */
export function originalName(r: Pick<Receipt, 'id' | 'date' | 'store' | 'amount' | 'currency'>, key: string): string {
  const store = fileNamePart(r.store, PACK_STORE_NAME_MAX) || 'receipt';
  return `${PACK_ORIGINALS_FOLDER}/${r.date}_${store}_${printedAmount(r)}_${r.id}.${key.slice(key.lastIndexOf('.') + 1)}`;
}

/** An evidence pack as it is about to be written. */
export interface Pack {
  fileName: string;
  entries: AsyncIterable<ZipEntry>;
}

/**
 * The evidence pack (GET /api/export/pack): one zip of the person's receipts of a date range
 * (optionally of one category, or matching a search) with `receipts.csv`, one row per receipt
 * naming its original, and every original under `originals/`.
 */
export class PackService {
  private receipts: ReceiptService;

  constructor(
    private db: Db,
    private blobs: BlobStore,
    urls: BlobUrlSigner,
    private clock: Clock,
  ) {
    this.receipts = new ReceiptService(db, blobs, urls, [], clock); // reads only: nothing to tell
  }

  /** Checks the query before anything is written: a 400 for days that are not a range, a 404 for a category not the person's. */
  async open(userId: string, query: PackQuery): Promise<Pack> {
    if (!isCalendarDate(query.from)) throw badRequest(`from is not a calendar day (YYYY-MM-DD): ${query.from}`);
    if (!isCalendarDate(query.to)) throw badRequest(`to is not a calendar day (YYYY-MM-DD): ${query.to}`);
    if (query.from > query.to) throw badRequest('from must not be after to');
    let categoryId: string | undefined;
    if (query.category_id !== undefined) {
      const category = await findCategoryByRef(this.db, userId, query.category_id);
      if (!category) throw notFound('Category not found');
      categoryId = category.id;
    }
    const search = query.q?.trim() || undefined;
    return {
      fileName: `tally-receipts-${query.from}-${query.to}.zip`,
      entries: this.entries(userId, { from: query.from, to: query.to, categoryId, search }),
    };
  }

  /** When the pack is made: its entries' time. */
  now(): Date {
    return this.clock();
  }

  /**
   * The CSV first, read page by page as the export reads; then the originals it names, read
   * again by the same filter and fetched one at a time. A receipt added between the two reads
   * is in neither; the names come from the CSV, so each row and its file agree.
   */
  private async *entries(userId: string, filter: PackFilter): AsyncGenerator<ZipEntry> {
    const named = new Map<string, string>();
    yield { name: PACK_CSV_NAME, data: this.csv(userId, filter, named), compress: true };
    for await (const page of this.pages(userId, filter)) {
      const keys = await this.receipts.originalKeys(
        userId,
        page.flatMap((r) => (named.has(r.id) ? [r.id] : [])),
      );
      for (const r of page) {
        const key = keys.get(r.id);
        const blob = key ? await this.blobs.get(key) : null;
        if (blob) yield { name: named.get(r.id)!, data: blob.bytes, compress: false };
      }
    }
  }

  private async *csv(userId: string, filter: PackFilter, named: Map<string, string>): AsyncGenerator<string> {
    yield UTF8_BOM + csvHeader([...CSV_HEADER, PACK_ORIGINAL_COLUMN]);
    for await (const page of this.pages(userId, filter)) {
      const keys = await this.receipts.originalKeys(
        userId,
        page.map((r) => r.id),
      );
      const rows = page.map((r) => {
        const key = keys.get(r.id);
        const name = key ? originalName(r, key) : null;
        if (name) named.set(r.id, name);
        return [...receiptCsvValues(r), name];
      });
      if (rows.length) yield csvRows(rows);
    }
  }

  /** The person's own receipts of the filter, oldest first, a page at a time by cursor. */
  private async *pages(userId: string, { from, to, categoryId, search }: PackFilter): AsyncGenerator<Receipt[]> {
    let after: string | undefined;
    do {
      const query = { sort: 'date', order: 'asc', limit: RECEIPT_LIST_MAX_LIMIT, after, category: categoryId, search } as const;
      const page = await this.receipts.pageOfDays(userId, query, { from, to });
      yield page.receipts;
      after = page.next ?? undefined;
    } while (after);
  }
}

interface PackFilter {
  from: string;
  to: string;
  categoryId?: string;
  search?: string;
}
