import type { Db } from '../../db';
import type { BlobStore } from '../../blobs/store';
import type { BlobUrlSigner } from '../../blobs/signedUrls';
import { notFound } from '../../errors';
import type { DataExport, ExportedReceipt } from '../../../shared/settings';
import { RECEIPT_LIST_MAX_LIMIT } from '../../../shared/receipts';
import { findProfile, toProfile } from '../profile/service';
import { listCategories, toCategory } from '../categories/service';
import { ReceiptService } from '../receipts/service';
import { findSettings } from '../settings/service';
import { csvHeader, csvRows } from './csv';
import { minorUnits } from '../../../shared/currency';
import type { Clock } from '../../clock';

export const CSV_HEADER = [
  'ID',
  'Date',
  'Store',
  'Amount',
  'Category',
  'Description',
  'Payment method',
  'Tax',
  'Item count',
  'Currency',
  'Rate',
  'Home amount',
];

const money = (n: number | null, digits = 2) => (n === null ? null : n.toFixed(digits));

/** One CSV row per receipt; amounts with their currency's decimals ('12.50', '¥1500' as '1500'), home amounts with two. */
function receiptsCsvRows(receipts: ExportedReceipt[]): string {
  return csvRows(
    receipts.map((r) => [
      r.id,
      r.date,
      r.store,
      money(r.amount, minorUnits(r.currency)),
      r.category,
      r.description,
      r.paymentMethod,
      money(r.tax),
      r.items.length,
      r.currency,
      r.rate,
      money(r.home_amount),
    ]),
  );
}

/** What an export holds besides its receipts: small, read in one snapshot. */
export type ExportHead = Omit<DataExport, 'receipts'>;

export class ExportService {
  constructor(
    private db: Db,
    private blobs: BlobStore,
    private urls: BlobUrlSigner,
    private clock: Clock,
  ) {}

  /** The profile, settings and categories, read in one snapshot so they agree. */
  async head(userId: string): Promise<ExportHead> {
    const now = this.clock();
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const profileRow = await findProfile(trx, userId);
        const settings = await findSettings(trx, userId);
        if (!profileRow || !settings) throw notFound('Profile not found');
        const categories = (await listCategories(trx, userId)).map(toCategory);
        return { exported_at: now.toISOString(), profile: toProfile(profileRow), settings, categories };
      });
  }

  /**
   * The receipts, newest first, a page at a time by cursor: each page costs the same however
   * deep, no transaction is held open while a slow client reads, and the next page is read only
   * when the one before has been taken, so a client that goes away stops the reading.
   */
  async *receiptPages(userId: string): AsyncGenerator<ExportedReceipt[]> {
    const receipts = new ReceiptService(this.db, this.blobs, this.urls, [], this.clock); // reads only: nothing to tell
    let after: string | undefined;
    do {
      const page = await receipts.list(userId, { limit: RECEIPT_LIST_MAX_LIMIT, after });
      yield page.receipts.map(({ imageUrl: _link, ...receipt }) => receipt);
      after = page.next ?? undefined;
    } while (after);
  }
}

/** The JSON export as it is written: the head, then the receipts page by page. */
export async function* jsonExport(head: ExportHead, pages: AsyncIterable<ExportedReceipt[]>): AsyncGenerator<string> {
  const opening = JSON.stringify(head);
  yield `${opening.slice(0, -1)},"receipts":[`;
  let first = true;
  for await (const page of pages) {
    if (!page.length) continue;
    yield (first ? '' : ',') + page.map((r) => JSON.stringify(r)).join(',');
    first = false;
  }
  yield ']}';
}

/** The CSV export as it is written: the header, then the receipts page by page. */
export async function* csvExport(pages: AsyncIterable<ExportedReceipt[]>): AsyncGenerator<string> {
  yield csvHeader(CSV_HEADER);
  for await (const page of pages) if (page.length) yield receiptsCsvRows(page);
}
