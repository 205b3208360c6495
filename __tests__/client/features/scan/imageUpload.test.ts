import {
  canSendAsIs,
  isImageFile,
  isKeptImageData,
  prepareUpload,
  scaledSize,
  SMALL_IMAGE_BYTES,
  UPLOAD_MAX_SIDE,
} from '../../../../src/client/features/scan/imageUpload';

describe('imageUpload', () => {
  it('takes image files and PDFs only, whatever the picker allowed', () => {
    expect(isImageFile({ type: 'image/jpeg' })).toBe(true);
    expect(isImageFile({ type: 'image/heic' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(true);
    expect(isImageFile({ type: 'text/plain' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });

  it('scales large photos down to the longest side, keeping the shape, and never up', () => {
    expect(scaledSize(4032, 3024)).toEqual({ width: UPLOAD_MAX_SIDE, height: Math.round((3024 * UPLOAD_MAX_SIDE) / 4032) });
    expect(scaledSize(4961, 7016, 2000)).toEqual({ width: 1414, height: 2000 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('sends small JPEG, PNG and WebP files as they are; large or other ones are converted', () => {
    expect(canSendAsIs({ type: 'image/png', size: 500_000 })).toBe(true);
    expect(canSendAsIs({ type: 'image/jpeg', size: SMALL_IMAGE_BYTES + 1 })).toBe(false);
    expect(canSendAsIs({ type: 'image/heic', size: 1000 })).toBe(false);
    // A PDF is never converted: the server reads its text layer and keeps it as the original.
    expect(canSendAsIs({ type: 'application/pdf', size: SMALL_IMAGE_BYTES * 3 })).toBe(true);
  });

  it('reads a small image into a data URL unchanged', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const url = await prepareUpload(new File([bytes], 'r.png', { type: 'image/png' }));
    expect(url).toBe(`data:image/png;base64,${Buffer.from(bytes).toString('base64')}`);
  });

  it('tells a picture the server keeps (JPEG, PNG, WebP) by its bytes, not by its name or declared type', () => {
    const url = (bytes: number[] | string, type = 'image/jpeg') => `data:${type};base64,${Buffer.from(bytes as never).toString('base64')}`;
    expect(isKeptImageData(url([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBe(true);
    expect(isKeptImageData(url([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'image/png'))).toBe(true);
    expect(isKeptImageData(url('%PDF-1.7\n', 'application/pdf'))).toBe(true);
    expect(isKeptImageData(url('RIFF\x24\x00\x00\x00WEBPVP8 ', 'image/webp'))).toBe(true);
    // Text named receipt.jpg, a picture the browser could not convert, an empty file.
    expect(isKeptImageData(url('not a picture at all'))).toBe(false);
    expect(isKeptImageData(url('\x00\x00\x00\x18ftypheic', 'image/heic'))).toBe(false);
    expect(isKeptImageData('data:image/jpeg;base64,')).toBe(false);
  });
});
