import type { Db } from '../../db';
import type { BlobUrlSigner } from '../../blobs/signedUrls';
import type { Clock } from '../../clock';
import { todayIn } from '../../../shared/calendar';
import { fromMinor } from '../../../shared/currency';
import { WARRANTY_LIST_LIMIT } from '../../../shared/constants/warranties';
import type { WarrantyEntry, WarrantyList } from '../../../shared/warranties';
import { deadlinesFrom, type DeadlineRow } from './repository';

/**
 * What other modules read through this one, inside their own transaction: the return windows
 * closing soon (the notifications module reminds of them).
 */
export { returnsDueBetween, type DueReturn } from './repository';

/** Return windows and warranties still running (issue 53); the dates are written by the receipts module. */
export class WarrantyService {
  constructor(
    private db: Db,
    private urls: BlobUrlSigner,
    private clock: Clock,
  ) {}

  /** What can still be returned and what is still under warranty on the API's day (UTC), the furthest off first. */
  async list(userId: string): Promise<WarrantyList> {
    const today = todayIn('UTC', this.clock());
    // One after another: on PGlite a database is one connection.
    const returns = await deadlinesFrom(this.db, userId, 'return_by', today, WARRANTY_LIST_LIMIT);
    const warranties = await deadlinesFrom(this.db, userId, 'warranty_until', today, WARRANTY_LIST_LIMIT);
    return { returns: returns.map((r) => this.toEntry(r)), warranties: warranties.map((r) => this.toEntry(r)) };
  }

  private toEntry(row: DeadlineRow): WarrantyEntry {
    return {
      receipt_id: row.receipt_id,
      store: row.store,
      date: row.date,
      item: row.item,
      amount: fromMinor(row.amount_minor, row.currency),
      currency: row.currency,
      until: row.until,
      original_url: row.image_key ? this.urls.url(row.image_key) : null,
    };
  }
}
