import { MAX_IMAGE_BYTES } from '../../../src/shared/receipts';
import { IMAGE_TOO_LARGE, imageFromData, imageTooLarge, sniffImageType } from '../../../src/server/images/upload';
import { dataUrl, JPEG_BYTES, PNG_BYTES, WEBP_BYTES } from '../modules/receipts/fixtures';

/** The HTTP status and message a check throws, or null when it passes. */
function refusal(text: string): { status: number; message: string } | null {
  try {
    imageFromData(text, 'image_data');
    return null;
  } catch (err) {
    const { statusCode, message } = err as { statusCode: number; message: string };
    return { status: statusCode, message };
  }
}

describe('sniffImageType', () => {
  it('tells JPEG, PNG and WebP by their bytes, and nothing else', () => {
    expect(sniffImageType(PNG_BYTES)).toBe('image/png');
    expect(sniffImageType(JPEG_BYTES)).toBe('image/jpeg');
    expect(sniffImageType(WEBP_BYTES)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7 something'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('imageFromData', () => {
  it('takes a data URL, bare base64 and line-wrapped base64; the bytes decide the type', () => {
    expect(imageFromData(dataUrl(JPEG_BYTES, 'image/jpeg'), 'image_url')).toEqual({ bytes: JPEG_BYTES, contentType: 'image/jpeg' });
    expect(imageFromData(PNG_BYTES.toString('base64'), 'imageData')).toEqual({ bytes: PNG_BYTES, contentType: 'image/png' });
    expect(imageFromData(WEBP_BYTES.toString('base64').replace(/(.{76})/g, '$1\n'), 'imageData').contentType).toBe('image/webp');
    expect(imageFromData(dataUrl(PNG_BYTES, 'image/jpeg'), 'imageData').contentType).toBe('image/png');
  });

  it('refuses what is not whole base64 of a picture with a 400 naming the field', () => {
    const b64 = PNG_BYTES.toString('base64');
    const notBase64 = { status: 400, message: 'image_data is not valid base64 image data' };
    const notAPicture = { status: 400, message: 'image_data must be a JPEG, PNG or WebP image' };
    expect(refusal('data:image/png;base64,this is *not* base64!')).toEqual(notBase64);
    expect(refusal(`${b64.slice(0, 40)}*${b64.slice(41)}`)).toEqual(notBase64);
    // 4k+1 characters can never be whole base64 (an upload cut mid-character).
    expect(refusal(b64.replace(/=+$/, '').slice(0, 4 * 10 + 1))).toEqual(notBase64);
    expect(refusal('data:image/png;base64,')).toEqual({ status: 400, message: 'image_data must not be empty' });
    expect(refusal(Buffer.from('plain text, not an image').toString('base64'))).toEqual(notAPicture);
    expect(refusal('data:image/gif;base64,R0lGODlh')).toEqual(notAPicture);
    expect(refusal(`data:application/pdf;base64,${b64}`)).toEqual(notAPicture);
    expect(refusal('blob:http://x/1')).toEqual({ status: 400, message: 'image_data must be a data URL of a JPEG, PNG or WebP image' });
  });

  it('refuses a picture over the limit with a 413, judged before decoding', () => {
    expect(IMAGE_TOO_LARGE).toBe(`The image is too large. Choose an image of at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
    expect(imageTooLarge(5 * 1024 * 1024)).toBe('The image is too large. Choose an image of at most 5 MB.');
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect(refusal(dataUrl(big, 'image/png'))).toEqual({ status: 413, message: IMAGE_TOO_LARGE });
    // Too large and not base64 either: the size is what is said, before anything is decoded.
    expect(refusal('*'.repeat(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 8))).toEqual({ status: 413, message: IMAGE_TOO_LARGE });
    // Exactly at the limit is accepted.
    const atLimit = Buffer.concat([PNG_BYTES, Buffer.alloc(MAX_IMAGE_BYTES - PNG_BYTES.length)]);
    expect(imageFromData(atLimit.toString('base64'), 'image_data').bytes.length).toBe(MAX_IMAGE_BYTES);
  });
});
