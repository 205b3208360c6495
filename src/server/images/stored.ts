/** What is kept of an uploaded picture: its pixels without metadata, and the hash of those bytes. */
import crypto from 'node:crypto';
import { badRequest } from '../errors';
import { decodeFailure, openImage } from './decode';
import type { ImageUpload } from './upload';

/**
 * The picture without its metadata: a phone photo's EXIF carries where it was taken (GPS), the
 * device and often the owner's name. Encoded again in its own format at full size; the EXIF
 * orientation is applied to the pixels first, so the picture stays the right way up.
 */
export async function withoutMetadata(image: ImageUpload, field: string): Promise<ImageUpload> {
  const pipeline = openImage(image.bytes).autoOrient();
  const encoded =
    image.contentType === 'image/jpeg' ? pipeline.jpeg({ quality: 92 }) : image.contentType === 'image/png' ? pipeline.png() : pipeline.webp({ quality: 92 });
  try {
    return { bytes: await encoded.toBuffer(), contentType: image.contentType };
  } catch (err) {
    throw badRequest(decodeFailure(err, `${field} could not be read as a JPEG, PNG or WebP image`));
  }
}

/** SHA-256 of a stored image's bytes, hex: the same photo stored twice has the same hash. */
export function imageHash(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}
