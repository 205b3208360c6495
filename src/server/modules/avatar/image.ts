import { decodeFailure, openImage } from '../../images/decode';
import { sniffImageType } from '../../images/upload';
import { badRequest } from '../../errors';
import { AVATAR_TYPE_MESSAGE } from '../../../shared/settings';

export const AVATAR_SIZE = 256;

/**
 * The uploaded picture as a small square WebP. The bytes decide the type (a renamed text file is
 * refused whatever its name or declared type). Re-encoding drops every metadata block, including
 * the GPS position phone photos carry; the EXIF orientation is applied first so the face is upright.
 */
export async function toAvatarImage(bytes: Buffer): Promise<Buffer> {
  const type = sniffImageType(bytes);
  if (type !== 'image/jpeg' && type !== 'image/png') throw badRequest(AVATAR_TYPE_MESSAGE);
  try {
    return await openImage(bytes).autoOrient().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer();
  } catch (err) {
    throw badRequest(decodeFailure(err, `The image could not be read. ${AVATAR_TYPE_MESSAGE}`));
  }
}
