import type { Db } from '../../db';
import { badRequest, HttpError, payloadTooLarge, unavailable } from '../../errors';
import { decodeBase64Image, OcrBusyError, OcrFailedError, OcrInputError, type ReceiptScanner } from '../../ocr';
import type { ScannerProvider } from '../../plugins/ocr';
import { DEFAULT_ITEM_CATEGORY } from '../../../shared/receipts';
import { DEFAULT_SCAN_QUANTITY, MAX_IMAGE_BYTES, type ScanReceiptRequest, type ScanReceiptResult } from '../../../shared/scan';
import { getDateOrder } from '../settings/repository';

const MB = 1024 * 1024;
export const IMAGE_TOO_LARGE = `The image is too large. Choose an image of at most ${MAX_IMAGE_BYTES / MB} MB.`;
export const SCAN_FAILED = 'Receipt scanning failed, please try again';
const SCANNER_UNAVAILABLE = 'Receipt scanning is unavailable right now. Please try again shortly.';

/** Bytes the base64 part of `data` decodes to, without decoding it (padding ignored: an upper bound). */
export function decodedSizeOf(data: string): number {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  return Math.floor(((data.length - comma - 1) * 3) / 4);
}

/** Image bytes of a data URL or bare base64; a clear 413 or 400 when they cannot be scanned. */
export function imageBytesOf(data: string): Buffer {
  if (decodedSizeOf(data) > MAX_IMAGE_BYTES + 2) throw payloadTooLarge(IMAGE_TOO_LARGE);
  let image: Buffer;
  try {
    image = decodeBase64Image(data);
  } catch (err) {
    throw toHttpError(err);
  }
  if (image.length > MAX_IMAGE_BYTES) throw payloadTooLarge(IMAGE_TOO_LARGE);
  return image;
}

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
  ) {}

  async scan(userId: string, body: ScanReceiptRequest): Promise<ScanReceiptResult> {
    const image = imageBytesOf(body.image_data);
    const dateOrder = body.date_order ?? (await getDateOrder(this.db, userId));
    let scanner: ReceiptScanner;
    try {
      scanner = await this.scanners.get();
    } catch {
      throw unavailable(SCANNER_UNAVAILABLE, 30);
    }
    try {
      const { processed_data, raw_text } = await scanner.scan(image, { dateOrder });
      return {
        processed_data: {
          ...processed_data,
          items: processed_data.items.map((item) => ({
            ...item,
            quantity: item.quantity > 0 ? item.quantity : DEFAULT_SCAN_QUANTITY,
            category: item.category || DEFAULT_ITEM_CATEGORY,
          })),
        },
        raw_text,
      };
    } catch (err) {
      const mapped = toHttpError(err);
      if (mapped instanceof HttpError) throw Object.assign(mapped, { cause: err });
      // Anything else the engine throws is still its failure, not a bug in the request.
      throw Object.assign(unavailable(SCAN_FAILED), { cause: err });
    }
  }
}
