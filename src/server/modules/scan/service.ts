import type { Db } from '../../db';
import { badRequest, HttpError, unavailable } from '../../errors';
import { receiptFileFromData } from '../../images/upload';
import { OcrBusyError, OcrFailedError, OcrInputError, readTextReceipt, type ReceiptScanner, type ScanResult } from '../../ocr';
import type { ScannerProvider } from '../../plugins/ocr';
import { DEFAULT_ITEM_CATEGORY } from '../../../shared/receipts';
import { DEFAULT_SCAN_QUANTITY, type ScanReceiptRequest, type ScanReceiptResult } from '../../../shared/scan';
import { getDateOrder } from '../settings/service';
import type { DateOrder } from '../../../shared/settings';
import { headerFingerprint } from './receiptHeader';
import { currencyMarker, suggestedDateOrder } from './receiptHints';
import { recallStore } from './storeMemory';
import { recallItems } from './itemMemory';
import { recordRead, scanTrust } from './trust';
import { personalWeights } from './learned';
import { withPersonalPicks } from './personalPicker';
import { writeAsUser } from '../../db/accountGate';
import type { Clock } from '../../clock';
import type { ScanTrust } from '../../../shared/scan';

/** What other modules read or write through this one, inside their own transaction. */
export { learnStore } from './storeMemory';
export { learnItems } from './itemMemory';
export { settleRead } from './trust';

/** After a save of a scan commits: what the scan module learns from it off the request path (app.ts queues the person's refit). */
export type ScanSaved = (userId: string) => Promise<void>;

/** How sure a store name is when it is the one this person gave the store before. */
export const REMEMBERED_STORE_CONFIDENCE = 0.95;

export const SCAN_FAILED = 'Receipt scanning failed, please try again';
const SCANNER_UNAVAILABLE = 'Receipt scanning is unavailable right now. Please try again shortly.';

/** The OCR engine's errors in HTTP terms. Never a 500: the engine failing is a retryable 503. */
export function toHttpError(err: unknown): unknown {
  if (err instanceof OcrInputError) return badRequest(err.message);
  if (err instanceof OcrBusyError) return unavailable('The receipt scanner is busy. Please try again in a few seconds.', err.retryAfterSeconds);
  if (err instanceof OcrFailedError) return unavailable(SCAN_FAILED);
  return err;
}

export class ScanService {
  constructor(
    private readonly db: Db,
    private readonly scanners: ScannerProvider,
    private readonly clock: Clock,
  ) {}

  async scan(userId: string, body: ScanReceiptRequest): Promise<ScanReceiptResult> {
    return this.readRecorded(userId, receiptFileFromData(body.image_data, 'image_data').bytes, body.date_order);
  }

  /**
   * Reads a receipt for review (a scan, a draft) and keeps what was read, so its save can count
   * whether each field was saved as read: the answer's read_id names it.
   */
  async readRecorded(userId: string, image: Buffer, requestedOrder?: DateOrder): Promise<ScanReceiptResult> {
    const dateOrder = requestedOrder ?? (await getDateOrder(this.db, userId));
    return this.recorded(userId, await this.scanned(image, dateOrder), dateOrder);
  }

  /** readRecorded for a receipt that arrived as text (an e-receipt by mail). */
  async readTextRecorded(userId: string, text: string): Promise<ScanReceiptResult> {
    const dateOrder = await getDateOrder(this.db, userId);
    return this.recorded(userId, this.textRead(text, dateOrder), dateOrder);
  }

  /** The answer, kept with its candidates, so its save can label them for the person's own picker. */
  private async recorded(userId: string, read: ScanResult, dateOrder: DateOrder): Promise<ScanReceiptResult> {
    const answer = await this.withMemory(userId, read, dateOrder);
    const { store_name, date, total_amount } = answer.processed_data;
    const readId = await writeAsUser(this.db, userId, (trx) => recordRead(trx, userId, { store_name, date, total_amount }, read.candidates ?? null));
    return { ...answer, read_id: readId };
  }

  /** Of the person's last saved scans, how many had each field saved as read. */
  trust(userId: string): Promise<ScanTrust> {
    return scanTrust(this.db, userId);
  }

  /**
   * Reads a receipt image: the same pipeline for a scan answered at once and a draft read in
   * the background. Errors are HttpErrors: 400 when the image cannot be read, 503 when the
   * engine failed or is busy (worth trying again).
   */
  async read(userId: string, image: Buffer, requestedOrder?: DateOrder): Promise<ScanReceiptResult> {
    const dateOrder = requestedOrder ?? (await getDateOrder(this.db, userId));
    return this.withMemory(userId, await this.scanned(image, dateOrder), dateOrder);
  }

  /** The scanner's reading of an image, its errors as HttpErrors. */
  private async scanned(image: Buffer, dateOrder: DateOrder): Promise<ScanResult> {
    let scanner: ReceiptScanner;
    try {
      scanner = await this.scanners.get();
    } catch {
      throw unavailable(SCANNER_UNAVAILABLE, 30);
    }
    let read: ScanResult;
    try {
      read = await scanner.scan(image, { dateOrder, today: this.clock() });
    } catch (err) {
      const mapped = toHttpError(err);
      if (mapped instanceof HttpError) throw Object.assign(mapped, { cause: err });
      // Anything else the engine throws is still its failure, not a bug in the request.
      throw Object.assign(unavailable(SCAN_FAILED), { cause: err });
    }
    return read;
  }

  /**
   * Reads a receipt that arrived as text (an e-receipt by mail) with the picker a PDF's text
   * layer goes through; a 400 when there is no text to read.
   */
  async readText(userId: string, text: string): Promise<ScanReceiptResult> {
    const dateOrder = await getDateOrder(this.db, userId);
    return this.withMemory(userId, this.textRead(text, dateOrder), dateOrder);
  }

  private textRead(text: string, dateOrder: DateOrder): ScanResult {
    try {
      return readTextReceipt(text, dateOrder, this.clock());
    } catch (err) {
      throw toHttpError(err);
    }
  }

  /**
   * The reading with what this person taught Tally: the store, date and total picked with their
   * own weights where those are on, their name and category for the store, their names for the items.
   */
  private async withMemory(userId: string, scanned: ScanResult, dateOrder: DateOrder): Promise<ScanReceiptResult> {
    const personal = scanned.candidates ? await personalWeights(this.db, userId) : null;
    const read = personal ? withPersonalPicks(scanned, personal) : scanned;
    const { processed_data, raw_text, confidence, reasons, document } = read;
    const scanRef = headerFingerprint(raw_text);
    // What this person called the store before, and the category they chose for it.
    const known = await recallStore(this.db, userId, scanRef);
    const itemCategory = known?.category_name?.toLowerCase();
    // What this person called each item before, and where they counted it.
    const items = await recallItems(
      this.db,
      userId,
      processed_data.items.map((i) => i.name),
    );
    return {
      processed_data: {
        ...processed_data,
        store_name: known?.store_name ?? processed_data.store_name,
        items: processed_data.items.map((item) => {
          const learned = items.get(item.name);
          return {
            ...item,
            quantity: item.quantity > 0 ? item.quantity : DEFAULT_SCAN_QUANTITY,
            category: itemCategory || item.category || DEFAULT_ITEM_CATEGORY,
            ...(learned && { name: learned.name, read_as: item.name, category_id: learned.category_id }),
          };
        }),
      },
      raw_text,
      confidence: known ? { ...confidence, store_name: Math.max(confidence.store_name, REMEMBERED_STORE_CONFIDENCE) } : confidence,
      date_order: dateOrder,
      suggested_date_order: suggestedDateOrder(raw_text),
      currency: currencyMarker(raw_text),
      scan_ref: scanRef,
      suggested_category_id: known?.category_id ?? null,
      store_remembered: Boolean(known),
      // A remembered name is there because this person saved it for this store before; the parser's reading is what it stood for.
      reasons: known ? { ...reasons, store_name: { code: 'memory', printed: processed_data.store_name } } : reasons,
      ...(document ? { document } : {}),
    };
  }
}
