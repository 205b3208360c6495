/** What is kept of an uploaded picture: its pixels without metadata, and the hash of those bytes. */
import crypto from 'node:crypto';
import { badRequest } from '../errors';
import { decodeFailure, openImage } from './decode';
import type { ImageUpload, ReceiptFileUpload } from './upload';
import { PDF_TYPE } from '../../shared/constants/scan';
import { pdfRefusal } from '../pdf/open';

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

/**
 * What is kept of a receipt's file, its original: a photo without its metadata (above), or a PDF
 * byte for byte once it opens as one Tally keeps (not encrypted, no script, not too long).
 */
export async function receiptFileToKeep(file: ReceiptFileUpload, field: string): Promise<ReceiptFileUpload> {
  if (file.contentType !== PDF_TYPE) return withoutMetadata(file as ImageUpload, field);
  const refusal = await pdfRefusal(file.bytes);
  if (refusal) throw badRequest(refusal);
  return file;
}

/** SHA-256 of a stored image's bytes, hex: the same photo stored twice has the same hash. */
export function imageHash(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}
