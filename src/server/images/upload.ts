/**
 * What a request may send as a picture, checked before anything decodes it: the type told by
 * the first bytes (never a file name or a declared MIME type), strict base64, and the size
 * limit. Every route that takes a picture (scan, receipts, drafts, avatar) says no in these words.
 */
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../shared/receipts';
import { badRequest, payloadTooLarge } from '../errors';

export type ImageType = (typeof IMAGE_TYPES)[number];

export interface ImageUpload {
  bytes: Buffer;
  contentType: ImageType;
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

const DATA_URL_RE = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w-]+=[^;,]*)*);base64,/i;
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL_RE = /^[A-Za-z0-9_-]*={0,2}$/;

/**
 * The picture in a data URL (or bare base64) sent as JSON: 413 above the size limit (judged
 * from the text's length, before decoding), 400 unless it is whole base64 of a JPEG, PNG or WebP
 * image. Strict on purpose: Buffer.from(x, 'base64') skips junk and stops early, which would turn
 * a damaged upload into a confusing failure later instead of a clear 400 now.
 */
export function imageFromData(text: string, field: string): ImageUpload {
  const m = DATA_URL_RE.exec(text);
  if (!m && /^[a-z][\w+.-]*:/i.test(text)) throw badRequest(`${field} must be a data URL of a JPEG, PNG or WebP image`);
  if (m?.[1] && !/^image\/(jpeg|jpg|png|webp)$/i.test(m[1])) throw badRequest(`${field} must be a JPEG, PNG or WebP image`);
  // Line-wrapped (MIME style) base64 is legitimate.
  const base64 = (m ? text.slice(m[0].length) : text).replace(/\s+/g, '');
  const unpadded = base64.replace(/=+$/, '');
  if (Math.floor((unpadded.length * 3) / 4) > MAX_IMAGE_BYTES) throw payloadTooLarge(IMAGE_TOO_LARGE);
  const urlSafe = !BASE64_RE.test(base64) && BASE64URL_RE.test(base64);
  const whole = unpadded.length % 4 !== 1 && (base64.length === unpadded.length || base64.length % 4 === 0);
  if (!(BASE64_RE.test(base64) || urlSafe) || !whole) throw badRequest(`${field} is not valid base64 image data`);
  const bytes = Buffer.from(unpadded, urlSafe ? 'base64url' : 'base64');
  if (!bytes.length) throw badRequest(`${field} must not be empty`);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw badRequest(`${field} must be a JPEG, PNG or WebP image`);
  return { bytes, contentType };
}
