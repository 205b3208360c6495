import type { Db } from '../../db';
import type { BlobStore } from '../../blobs/store';
import type { BlobUrlSigner } from '../../blobs/signed-urls';
import { notFound } from '../../errors';
import type { DataExport, ExportedReceipt } from '../../../shared/settings';
import { RECEIPT_LIST_MAX_LIMIT } from '../../../shared/receipts';
import { findProfile, toProfile } from '../profile/service';
import { listCategories, toCategory } from '../categories/service';
import { ReceiptService } from '../receipts/service';
import { findSettings } from '../settings/service';
import { toCsv } from './csv';
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
export function receiptsCsv(receipts: ExportedReceipt[]): string {
  return toCsv(
    CSV_HEADER,
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

export class ExportService {
  constructor(
    private db: Db,
    private blobs: BlobStore,
    private urls: BlobUrlSigner,
    private clock: Clock,
  ) {}

  /** Everything of the user, read in one snapshot so receipts and categories agree. */
  async collect(userId: string): Promise<DataExport> {
    const now = this.clock();
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const profileRow = await findProfile(trx, userId);
        const settings = await findSettings(trx, userId);
        if (!profileRow || !settings) throw notFound('Profile not found');
        const categories = (await listCategories(trx, userId)).map(toCategory);
        const receipts = new ReceiptService(trx, this.blobs, this.urls, [], this.clock); // reads only: nothing to tell
        const all: ExportedReceipt[] = [];
        for (let offset = 0; ; offset += RECEIPT_LIST_MAX_LIMIT) {
          const page = await receipts.list(userId, { limit: RECEIPT_LIST_MAX_LIMIT, offset }); // newest first;
          for (const { imageUrl: _link, ...receipt } of page.receipts) all.push(receipt);
          if (page.receipts.length < RECEIPT_LIST_MAX_LIMIT) break;
        }
        return { exported_at: now.toISOString(), profile: toProfile(profileRow), settings, categories, receipts: all };
      });
  }
}
