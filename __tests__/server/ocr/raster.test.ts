import sharp from 'sharp';
import { TOO_MANY_PIXELS } from '../../../src/server/images/decode';
import { OcrInputError } from '../../../src/server/ocr/errors';
import { decodeImage } from '../../../src/server/ocr/raster';

/** A 64x48 image, left half black, right half white. */
async function halves(): Promise<ReturnType<typeof sharp>> {
  const w = 64;
  const h = 48;
  const px = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px[y * w + x] = x < w / 2 ? 0 : 255;
  return sharp(px, { raw: { width: w, height: h, channels: 1 } });
}

describe('decodeImage', () => {
  it('rejects text, empty and truncated images with OcrInputError', async () => {
    await expect(decodeImage(Buffer.from('just some text, long enough'))).rejects.toThrow(OcrInputError);
    await expect(decodeImage(Buffer.alloc(0))).rejects.toThrow(OcrInputError);
    const big = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#fff' } })
      .composite([{ input: await (await halves()).png().toBuffer(), left: 10, top: 10 }])
      .jpeg({ quality: 95 })
      .toBuffer();
    await expect(decodeImage(big.subarray(0, Math.floor(big.length / 2)))).rejects.toThrow(/^The image could not be decoded/);
  });

  it('refuses a picture that would decode to too many pixels, in the words a save uses', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(decodeImage(huge)).rejects.toThrow(new OcrInputError(TOO_MANY_PIXELS));
  });

  it('applies the EXIF orientation (portrait photo stored landscape)', async () => {
    // Orientation 6: the viewer rotates 90 degrees clockwise, so the left (black) half ends up on top.
    const jpeg = await (await halves()).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const out = await decodeImage(jpeg, { crop: false });
    expect([out.width, out.height]).toEqual([48, 64]);
    expect(out.data[Math.floor(out.height * 0.2) * out.width + 24]).toBeLessThan(60);
    expect(out.data[Math.floor(out.height * 0.8) * out.width + 24]).toBeGreaterThan(200);
  });

  it('finds the printed area of a small receipt on a large white page', async () => {
    const w = 1200;
    const h = 1600;
    const px = Buffer.alloc(w * h, 255);
    // "Lines of text" between x 400-700 and y 500-900.
    for (let y = 500; y < 900; y++) if (y % 30 < 10) for (let x = 400; x < 700; x++) px[y * w + x] = 20;
    const png = await sharp(px, { raw: { width: w, height: h, channels: 1 } })
      .png()
      .toBuffer();
    const { box } = await decodeImage(png);
    expect(box.left).toBeLessThanOrEqual(400);
    expect(box.left + box.width).toBeGreaterThanOrEqual(700);
    expect(box.top).toBeLessThanOrEqual(500);
    expect(box.top + box.height).toBeGreaterThanOrEqual(890);
    expect(box.width).toBeLessThan(w / 2);
    expect(box.height).toBeLessThan(h / 2);
  });
});
