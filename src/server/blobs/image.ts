import crypto from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../shared/receipts';
import { badRequest, payloadTooLarge } from '../errors';

/** Larger pictures are refused before decoding: a small PNG can unpack to gigabytes. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const TOO_MANY_PIXELS = 'The image has too many pixels. Please choose a smaller picture.';

/** An uploaded picture, opened with the decoded-size limit; a damaged file fails, not half-decodes. */
export function openImage(bytes: Buffer): ReturnType<typeof sharp> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
}

/** A decoding failure in words: too many pixels, or `unreadable` for anything else. */
export function imageError(err: unknown, unreadable: string) {
  return /pixel limit/i.test(String((err as Error)?.message)) ? badRequest(TOO_MANY_PIXELS) : badRequest(unreadable);
}

/**
 * The picture without its metadata: a phone photo's EXIF carries where it was taken (GPS), the
 * device and often the owner's name. Encoded again in its own format at full size; the EXIF
 * orientation is applied to the pixels first, so the picture stays the right way up.
 */
export async function withoutMetadata(image: DecodedImage, field: string): Promise<DecodedImage> {
  const pipeline = openImage(image.bytes).autoOrient();
  const encoded =
    image.contentType === 'image/jpeg' ? pipeline.jpeg({ quality: 92 }) : image.contentType === 'image/png' ? pipeline.png() : pipeline.webp({ quality: 92 });
  try {
    return { bytes: await encoded.toBuffer(), contentType: image.contentType };
  } catch (err) {
    throw imageError(err, `${field} could not be read as a JPEG, PNG or WebP image`);
  }
}

/** SHA-256 of a stored image's bytes, hex: the same photo stored twice has the same hash. */
export function imageHash(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

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
