import crypto from 'node:crypto';
import sharp from 'sharp';
import type { TestApp, TestUser } from '../../helpers';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartBody(bytes: Buffer, opts: { field?: string; filename?: string; contentType?: string } = {}) {
  const boundary = `----tally${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'photo.png'}"\r\n` +
      `Content-Type: ${opts.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadAvatar(t: TestApp, user: TestUser, bytes: Buffer, opts: Parameters<typeof multipartBody>[1] = {}) {
  const body = multipartBody(bytes, opts);
  return t.request(user, { method: 'POST', url: '/profile/avatar', payload: body.payload, headers: body.headers });
}

/** What a phone photo carries: camera make, owner and the GPS position. */
export const PHONE_EXIF = {
  IFD0: { Make: 'PhoneCo', Copyright: 'Secret Owner' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
};

/** A real picture of the given type and size, with phone-style EXIF metadata. */
export function photo(format: 'jpeg' | 'png', width = 640, height = 480): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return (format === 'jpeg' ? img.jpeg() : img.png()).withExif(PHONE_EXIF).toBuffer();
}
