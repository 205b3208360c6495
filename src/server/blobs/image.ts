import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../shared/receipts';
import { badRequest, payloadTooLarge } from '../errors';

export type ImageType = (typeof IMAGE_TYPES)[number];

export interface DecodedImage {
  bytes: Buffer;
  contentType: ImageType;
}

const DATA_URL_RE = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w-]+=[^;,]*)*);base64,/i;
const BASE64_RE = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** What the bytes are, by their first bytes: the declared type of a data URL is not trusted. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * The image in a data URL (or bare base64) sent as JSON: 413 above the size limit, 400 unless
 * it is a JPEG, PNG or WebP picture. The size is judged before decoding.
 */
export function decodeImageData(text: string, field: string): DecodedImage {
  const m = DATA_URL_RE.exec(text);
  if (!m && /^[a-z][\w+.-]*:/i.test(text)) throw badRequest(`${field} must be a data URL of a JPEG, PNG or WebP image`);
  const base64 = (m ? text.slice(m[0].length) : text).replace(/\s+/g, '');
  if (Math.floor((base64.length * 3) / 4) - 2 > MAX_IMAGE_BYTES) {
    throw payloadTooLarge(`The image is too large (max ${MAX_IMAGE_BYTES / 1024 / 1024} MB)`);
  }
  if (!BASE64_RE.test(base64)) throw badRequest(`${field} is not valid base64 image data`);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw payloadTooLarge(`The image is too large (max ${MAX_IMAGE_BYTES / 1024 / 1024} MB)`);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw badRequest(`${field} must be a JPEG, PNG or WebP image`);
  return { bytes, contentType };
}
