import sharp from 'sharp';
import { OcrInputError } from '../../../src/server/ocr/errors';
import {
  assertSupportedImage,
  decodeBase64Image,
  decodeImage,
  detectImageType,
  prepareImage,
  renderForOcr,
  splitAtGap,
  stretchContrast,
} from '../../../src/server/ocr/image';

/** A 64x48 image, left half black, right half white. */
async function halves(): Promise<ReturnType<typeof sharp>> {
  const w = 64;
  const h = 48;
  const px = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px[y * w + x] = x < w / 2 ? 0 : 255;
  return sharp(px, { raw: { width: w, height: h, channels: 1 } });
}

/** Parse our PGM output: width, height and pixel access. */
function pgm(buf: Buffer) {
  const m = /^P5\n(\d+) (\d+)\n255\n/.exec(buf.subarray(0, 40).toString('latin1'));
  if (!m) throw new Error('not a PGM');
  const width = Number(m[1]);
  const height = Number(m[2]);
  const data = buf.subarray(m[0].length);
  return { width, height, at: (x: number, y: number) => data[y * width + x] };
}

describe('detectImageType', () => {
  it('recognises JPEG, PNG and WebP by their bytes', async () => {
    const img = await halves();
    expect(detectImageType(await img.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageType(await img.clone().png().toBuffer())).toBe('png');
    expect(detectImageType(await img.clone().webp().toBuffer())).toBe('webp');
  });
  it('rejects other content', async () => {
    expect(detectImageType(Buffer.from('hello, this is not an image'))).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    expect(() => assertSupportedImage(Buffer.from('%PDF-1.7 something'))).toThrow('The file is not a JPEG, PNG or WebP image');
    expect(() => assertSupportedImage(Buffer.alloc(0))).toThrow(OcrInputError);
  });
});

describe('prepareImage', () => {
  it('rejects text, empty and truncated images with OcrInputError', async () => {
    await expect(prepareImage(Buffer.from('just some text, long enough'))).rejects.toThrow(OcrInputError);
    await expect(prepareImage(Buffer.alloc(0))).rejects.toThrow(OcrInputError);
    const big = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#fff' } })
      .composite([{ input: await (await halves()).png().toBuffer(), left: 10, top: 10 }])
      .jpeg({ quality: 95 })
      .toBuffer();
    const truncated = big.subarray(0, Math.floor(big.length / 2));
    expect(detectImageType(truncated)).toBe('jpeg');
    await expect(prepareImage(truncated)).rejects.toThrow(OcrInputError);
  });

  it('applies the EXIF orientation (portrait photo stored landscape)', async () => {
    // Orientation 6: the viewer rotates 90 degrees clockwise, so the left (black) half ends up on top.
    const jpeg = await (await halves()).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const out = pgm((await prepareImage(jpeg, { targetWidth: 120, crop: false })).data);
    expect(out.height).toBeGreaterThan(out.width);
    expect(out.at(Math.floor(out.width / 2), Math.floor(out.height * 0.2))).toBeLessThan(60);
    expect(out.at(Math.floor(out.width / 2), Math.floor(out.height * 0.8))).toBeGreaterThan(200);
  });

  it('renders exactly what one libvips pipeline would (resize, sharpen, stretch), in two cheaper calls', async () => {
    // A faded page of dark bars ("lines of text") with some noise.
    const w = 300;
    const h = 420;
    const px = Buffer.alloc(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px[y * w + x] = (y % 30 < 9 && x > 20 && x < 260 ? 95 : 190) + ((x * 7 + y * 13) % 11);
    const png = await sharp(px, { raw: { width: w, height: h, channels: 1 } })
      .png()
      .toBuffer();
    const decoded = await decodeImage(png, { crop: false });
    for (const sharpen of [false, true]) {
      let one = sharp(decoded.data, { raw: { width: w, height: h, channels: 1 } })
        .extract(decoded.box)
        .resize({ width: 700, kernel: 'cubic' })
        .normalise()
        .extractChannel(0);
      if (sharpen) one = one.sharpen({ sigma: 1 });
      const expected = await one.raw().toBuffer();
      const out = await renderForOcr(decoded, { targetWidth: 700, lineHeight: 0, sharpen });
      expect(out.data.subarray(out.data.length - expected.length).equals(expected)).toBe(true);
    }
  });

  it('scales a small photo up to the working width and outputs greyscale', async () => {
    const png = await (await halves()).png().toBuffer();
    const out = await prepareImage(png, { targetWidth: 640, crop: false });
    expect(out.width).toBe(640);
    expect(out.height).toBe(480);
    expect(out.data.length).toBe(pgm(out.data).width * pgm(out.data).height + `P5\n640 480\n255\n`.length);
  });
});

describe('splitAtGap / stretchContrast', () => {
  const page = (width: number, height: number, inkRows: (y: number) => boolean) => {
    const px = Buffer.alloc(width * height, 255);
    for (let y = 0; y < height; y++) if (inkRows(y)) for (let x = 10; x < width - 10; x += 3) px[y * width + x] = 0;
    return { data: Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`), px]), width, height };
  };
  it('cuts a long page in a blank gap near the middle, never through text', () => {
    // text lines 30 px high every 40 px, except a wider gap at 950-1010
    const ink = (y: number) => y % 40 < 30 && !(y >= 950 && y < 1010);
    const halves = splitAtGap(page(200, 2000, ink))!;
    expect(halves).not.toBeNull();
    const cut = halves[0].height;
    expect(cut).toBeGreaterThanOrEqual(950);
    expect(cut).toBeLessThan(1010);
    expect(halves[0].height + halves[1].height).toBe(2000);
    expect(halves[1].data.length).toBe(`P5\n200 ${2000 - cut}\n255\n`.length + 200 * (2000 - cut));
  });
  it('does not split short pages or pages without a gap', () => {
    expect(splitAtGap(page(200, 800, (y) => y % 40 < 30))).toBeNull();
    expect(splitAtGap(page(200, 2000, () => true))).toBeNull();
  });
  it('stretches faded grey levels to full contrast', () => {
    const px = Buffer.alloc(1000);
    for (let i = 0; i < px.length; i++) px[i] = i % 2 ? 180 : 120;
    stretchContrast(px);
    expect(Math.min(...px)).toBe(0);
    expect(Math.max(...px)).toBe(255);
  });
});

describe('decodeBase64Image', () => {
  it('decodes a data URL and a bare base64 string', async () => {
    const png = await (await halves()).png().toBuffer();
    expect(decodeBase64Image(`data:image/png;base64,${png.toString('base64')}`).equals(png)).toBe(true);
    expect(decodeBase64Image(png.toString('base64')).equals(png)).toBe(true);
    // MIME-style line wrapping is accepted
    expect(decodeBase64Image(png.toString('base64').replace(/(.{76})/g, '$1\n')).equals(png)).toBe(true);
  });
  it('rejects invalid, truncated, empty and non-image input', async () => {
    const png = await (await halves()).png().toBuffer();
    const b64 = png.toString('base64');
    expect(() => decodeBase64Image('')).toThrow(OcrInputError);
    expect(() => decodeBase64Image('data:image/png;base64,')).toThrow(OcrInputError);
    expect(() => decodeBase64Image('not base64 at all!!')).toThrow(OcrInputError);
    expect(() => decodeBase64Image(`${b64.slice(0, 40)}*${b64.slice(41)}`)).toThrow(OcrInputError);
    expect(() => decodeBase64Image(b64.replace(/=+$/, '').slice(0, 4 * 10 + 1))).toThrow(/truncated/);
    expect(() => decodeBase64Image(Buffer.from('plain text, not an image').toString('base64'))).toThrow('The file is not a JPEG, PNG or WebP image');
    expect(() => decodeBase64Image(`data:text/plain;base64,${b64}`)).toThrow(OcrInputError);
  });
});
