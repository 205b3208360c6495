/**
 * What a request may send as a picture, checked before anything decodes it: the type told by
 * the first bytes (never a file name or a declared MIME type), strict base64, and the size
 * limit. Every route that takes a picture (scan, receipts, drafts, avatar) says no in these words.
 */
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../shared/receipts';
import { MAX_PDF_BYTES, PDF_TYPE } from '../../shared/constants/scan';
import { badRequest, payloadTooLarge } from '../errors';
import { isPdf } from '../pdf/open';

export type ImageType = (typeof IMAGE_TYPES)[number];
/** What a receipt's original may be: a photo or a PDF. */
export type ReceiptFileType = ImageType | typeof PDF_TYPE;

export interface ImageUpload {
  bytes: Buffer;
  contentType: ImageType;
}

export interface ReceiptFileUpload {
  bytes: Buffer;
  contentType: ReceiptFileType;
}

/** The one 'too large' message, for a limit in whole megabytes. */
export function imageTooLarge(maxBytes = MAX_IMAGE_BYTES): string {
  return `The image is too large. Choose an image of at most ${maxBytes / 1024 / 1024} MB.`;
}

export const IMAGE_TOO_LARGE = imageTooLarge();

/** What the bytes are, by their first bytes: JPEG, PNG or WebP, or null for anything else. */
export function sniffImageType(bytes: Uint8Array | null | undefined): ImageType | null {
  if (!bytes) return null;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** A receipt's file by its first bytes: a photo, a PDF, or null for anything else. */
export function sniffReceiptFileType(bytes: Uint8Array | null | undefined): ReceiptFileType | null {
  return sniffImageType(bytes) ?? (bytes && isPdf(bytes) ? PDF_TYPE : null);
}

export const NOT_A_RECEIPT_FILE = 'This file is not a JPEG, PNG or WebP image or a PDF';

/** The one 'too large' message for a PDF. */
export const PDF_TOO_LARGE = `The PDF is too large. Choose a PDF of at most ${MAX_PDF_BYTES / 1024 / 1024} MB.`;

/** A photo or PDF too large for its kind (the byte limits may differ), else null. */
export function fileTooLarge(file: ReceiptFileUpload): string | null {
  if (file.contentType === PDF_TYPE) return file.bytes.length > MAX_PDF_BYTES ? PDF_TOO_LARGE : null;
  return file.bytes.length > MAX_IMAGE_BYTES ? IMAGE_TOO_LARGE : null;
}

const DATA_URL_RE = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w-]+=[^;,]*)*);base64,/i;
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL_RE = /^[A-Za-z0-9_-]*={0,2}$/;

interface Kinds<T> {
  words: string;
  mime: RegExp;
  sniff: (bytes: Uint8Array) => T | null;
  maxBytes: number;
}

const IMAGE_KINDS: Kinds<ImageType> = {
  words: 'a JPEG, PNG or WebP image',
  mime: /^image\/(jpeg|jpg|png|webp)$/i,
  sniff: sniffImageType,
  maxBytes: MAX_IMAGE_BYTES,
};
const RECEIPT_FILE_KINDS: Kinds<ReceiptFileType> = {
  words: 'a JPEG, PNG or WebP image or a PDF',
  mime: /^(image\/(jpeg|jpg|png|webp)|application\/pdf)$/i,
  sniff: sniffReceiptFileType,
  maxBytes: Math.max(MAX_IMAGE_BYTES, MAX_PDF_BYTES),
};

/**
 * The picture in a data URL (or bare base64) sent as JSON: 413 above the size limit (judged
 * from the text's length, before decoding), 400 unless it is whole base64 of a JPEG, PNG or WebP
 * image. Strict on purpose: Buffer.from(x, 'base64') skips junk and stops early, which would turn
 * a damaged upload into a confusing failure later instead of a clear 400 now.
 */
export function imageFromData(text: string, field: string): ImageUpload {
  return fileFromData(text, field, IMAGE_KINDS);
}

/** A receipt's file in a data URL: a photo as imageFromData takes it, or a PDF (data:application/pdf;base64,…). */
export function receiptFileFromData(text: string, field: string): ReceiptFileUpload {
  const file = fileFromData(text, field, RECEIPT_FILE_KINDS);
  const tooLarge = fileTooLarge(file);
  if (tooLarge) throw payloadTooLarge(tooLarge);
  return file;
}

function fileFromData<T>(text: string, field: string, kinds: Kinds<T>): { bytes: Buffer; contentType: T } {
  const m = DATA_URL_RE.exec(text);
  if (!m && /^[a-z][\w+.-]*:/i.test(text)) throw badRequest(`${field} must be a data URL of ${kinds.words}`);
  if (m?.[1] && !kinds.mime.test(m[1])) throw badRequest(`${field} must be ${kinds.words}`);
  // Line-wrapped (MIME style) base64 is legitimate.
  const base64 = (m ? text.slice(m[0].length) : text).replace(/\s+/g, '');
  const unpadded = base64.replace(/=+$/, '');
  if (Math.floor((unpadded.length * 3) / 4) > kinds.maxBytes)
    throw payloadTooLarge(kinds.maxBytes === MAX_IMAGE_BYTES ? IMAGE_TOO_LARGE : imageTooLarge(kinds.maxBytes));
  const urlSafe = !BASE64_RE.test(base64) && BASE64URL_RE.test(base64);
  const whole = unpadded.length % 4 !== 1 && (base64.length === unpadded.length || base64.length % 4 === 0);
  if (!(BASE64_RE.test(base64) || urlSafe) || !whole) throw badRequest(`${field} is not valid base64 ${kinds === IMAGE_KINDS ? 'image' : 'file'} data`);
  const bytes = Buffer.from(unpadded, urlSafe ? 'base64url' : 'base64');
  if (!bytes.length) throw badRequest(`${field} must not be empty`);
  const contentType = kinds.sniff(bytes);
  if (!contentType) throw badRequest(`${field} must be ${kinds.words}`);
  return { bytes, contentType };
}
