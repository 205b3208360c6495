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

export const CSV_HEADER = ['ID', 'Date', 'Store', 'Amount', 'Category', 'Description', 'Payment method', 'Tax', 'Item count'];

const money = (n: number | null) => (n === null ? null : n.toFixed(2));

/** One CSV row per receipt; amounts with two decimals ('12.50'). */
export function receiptsCsv(receipts: ExportedReceipt[]): string {
  return toCsv(
    CSV_HEADER,
    receipts.map((r) => [r.id, r.date, r.store, money(r.amount), r.category, r.description, r.paymentMethod, money(r.tax), r.items.length]),
  );
}

export class ExportService {
  constructor(
    private db: Db,
    private blobs: BlobStore,
    private urls: BlobUrlSigner,
  ) {}

  /** Everything of the user, read in one snapshot so receipts and categories agree. */
  async collect(userId: string, now = new Date()): Promise<DataExport> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const profileRow = await findProfile(trx, userId);
        const settings = await findSettings(trx, userId);
        if (!profileRow || !settings) throw notFound('Profile not found');
        const categories = (await listCategories(trx, userId)).map(toCategory);
        const receipts = new ReceiptService(trx, this.blobs, this.urls, []); // reads only: nothing to tell
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
