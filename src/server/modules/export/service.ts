import type { Db } from '../../db';
import type { BlobStore } from '../../blobs/store';
import type { BlobUrlSigner } from '../../blobs/signedUrls';
import { badRequest, notFound } from '../../errors';
import type { DataExport, ExportedReceipt, ExportQuery, ExportRows, SharedWithMe } from '../../../shared/settings';
import { RECEIPT_LIST_MAX_LIMIT } from '../../../shared/receipts';
import { findProfile, toProfile } from '../profile/service';
import { listCategories, toCategory } from '../categories/service';
import { ReceiptService } from '../receipts/service';
import { findSettings } from '../settings/service';
import { countedOnOwnReceipts, sharedWithMePages, sharesAnything, yourShares } from '../households/service';
import { csvHeader, csvRows, type CsvValue } from './csv';
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

/** A person who shares gets one more column: what each row counts for them. */
export const YOUR_SHARE_COLUMN = 'Your share';

export const money = (n: number | null | undefined, digits = 2) => (n === null || n === undefined ? null : n.toFixed(digits));

/**
 * One CSV row per receipt; amounts with their currency's decimals ('12.50', '¥1500' as '1500'),
 * home amounts with two; a sharer's rows end with their share.
 */
function receiptsCsvRows(receipts: ExportedReceipt[], sharer: boolean): string {
  return csvRows(receipts.map((r) => [...receiptCsvValues(r), ...(sharer ? [money(r.your_share)] : [])]));
}

/** A receipt's values under CSV_HEADER (the export's and the evidence pack's). */
export function receiptCsvValues(r: ExportedReceipt): CsvValue[] {
  return [
    r.id,
    r.date,
    r.store,
    printedAmount(r),
    r.category,
    r.description,
    r.paymentMethod,
    money(r.tax),
    r.items.length,
    r.currency,
    r.rate,
    money(r.home_amount),
  ];
}

/** The amount as printed, with its currency's decimals ('12.50'; yen '1500'). */
export const printedAmount = (r: Pick<ExportedReceipt, 'amount' | 'currency'>): string => money(r.amount, minorUnits(r.currency))!;

/** Who shared another's receipt with the person, where a row names it. */
export const sharedBy = (r: SharedWithMe) => `Shared by ${r.shared_by}`;

/** Another's receipt shared with the person: its whole amount, who shared it, and only their share counted. */
function sharedCsvRows(rows: SharedWithMe[]): string {
  return csvRows(
    rows.map((r) => [
      r.shared_receipt_id,
      r.date,
      r.store,
      money(r.amount, minorUnits(r.currency)),
      r.category,
      sharedBy(r),
      null,
      null,
      null,
      r.currency,
      null,
      null,
      money(r.your_share),
    ]),
  );
}

/** Which file an export query asks for: JSON, or a CSV of receipts or of items (rows go with a CSV only). */
export function exportFile(query: ExportQuery): 'json' | ExportRows {
  if ((query.format ?? 'json') === 'csv') return query.rows ?? 'receipts';
  if (query.rows !== undefined) throw badRequest('rows goes with format=csv: the JSON export holds every receipt with its items');
  return 'json';
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
  async *receiptPages(userId: string, sharer: boolean): AsyncGenerator<ExportedReceipt[]> {
    const receipts = new ReceiptService(this.db, this.blobs, this.urls, [], this.clock); // reads only: nothing to tell
    let after: string | undefined;
    do {
      const page = await receipts.list(userId, { limit: RECEIPT_LIST_MAX_LIMIT, after });
      const shares = sharer ? await yourShares(this.db, userId, page.receipts) : undefined;
      yield page.receipts.map(({ imageUrl: _link, ...receipt }) => (shares ? { ...receipt, your_share: shares.get(receipt.id)! } : receipt));
      after = page.next ?? undefined;
    } while (after);
  }

  /** The names of the person's categories by id: an item names its own category by id. */
  async categoryNames(userId: string): Promise<Map<string, string>> {
    return new Map((await listCategories(this.db, userId)).map((c) => [c.id, c.name]));
  }

  /** What the others' shares take off each of these receipts of the person's, by category. */
  othersShares(userId: string, receiptIds: string[]): Promise<Map<string, Map<string, number>>> {
    return countedOnOwnReceipts(this.db, userId, receiptIds);
  }

  /** Whether the person shares (in a household, or holding shares): their export then says what each row counts for them. */
  sharer(userId: string): Promise<boolean> {
    return sharesAnything(this.db, userId);
  }

  /** Others' receipts shared with the person, a page at a time as the receipts. */
  sharedPages(userId: string): AsyncGenerator<SharedWithMe[]> {
    return sharedWithMePages(this.db, userId, RECEIPT_LIST_MAX_LIMIT);
  }
}

/** What an export holds: the receipts, and for a person who shares, others' receipts shared with them. */
export interface ExportBody {
  receipts: AsyncIterable<ExportedReceipt[]>;
  shared?: AsyncIterable<SharedWithMe[]>;
}

/** The JSON export as it is written: the head, then the receipts page by page. */
export async function* jsonExport(head: ExportHead, { receipts, shared }: ExportBody): AsyncGenerator<string> {
  const opening = JSON.stringify(head);
  yield `${opening.slice(0, -1)},"receipts":[`;
  yield* jsonArrayItems(receipts);
  if (shared) {
    yield '],"shared_with_me":[';
    yield* jsonArrayItems(shared);
  }
  yield ']}';
}

/** The items of a JSON array written page by page, commas between them. */
async function* jsonArrayItems(pages: AsyncIterable<object[]>): AsyncGenerator<string> {
  let first = true;
  for await (const page of pages) {
    if (!page.length) continue;
    yield (first ? '' : ',') + page.map((r) => JSON.stringify(r)).join(',');
    first = false;
  }
}

/** The CSV export as it is written: the header, then the receipts page by page, then others' shared with the person. */
export async function* csvExport({ receipts, shared }: ExportBody): AsyncGenerator<string> {
  yield csvHeader(shared ? [...CSV_HEADER, YOUR_SHARE_COLUMN] : CSV_HEADER);
  for await (const page of receipts) if (page.length) yield receiptsCsvRows(page, shared !== undefined);
  if (shared) for await (const page of shared) if (page.length) yield sharedCsvRows(page);
}
