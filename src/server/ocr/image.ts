/**
 * Image input handling: validate what the client sent (magic bytes, strict base64) and
 * prepare it for Tesseract (upright, sensible text size, greyscale, stretched contrast).
 */
import os from 'node:os';
import sharp from 'sharp';
import { OcrInputError } from './errors';

/**
 * Lets libvips use every core for one image. sharp defaults to one thread on glibc (against
 * memory fragmentation), which doubles the time of each render while the OCR workers wait for
 * it; the scan benchmark's peak RSS shows what the extra threads cost in memory.
 */
export function useAllCoresForImages(): void {
  sharp.concurrency(os.availableParallelism());
}

export type ImageType = 'jpeg' | 'png' | 'webp';

/**
 * Identify the image type from its first bytes. We trust only the bytes (never a file name
 * or a client-declared MIME type) and accept only the formats we test with.
 */
export function detectImageType(buf: Buffer | Uint8Array | null | undefined): ImageType | null {
  if (!buf || buf.length < 12) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf[0] === 0x89 && buf[1] === 0x50 && buf[2] === 0x4e && buf[3] === 0x47 && buf[4] === 0x0d && buf[5] === 0x0a && buf[6] === 0x1a && buf[7] === 0x0a)
    return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...buf.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Throw OcrInputError unless the buffer starts like a JPEG, PNG or WebP image. */
export function assertSupportedImage(buf: Buffer | Uint8Array | null | undefined): ImageType {
  if (!buf || buf.length === 0) throw new OcrInputError('The image is empty');
  const type = detectImageType(buf);
  if (!type) throw new OcrInputError('The file is not a JPEG, PNG or WebP image');
  return type;
}

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL_RE = /^[A-Za-z0-9_-]*={0,2}$/;

/**
 * Decode a data URL (`data:image/png;base64,....`) or a bare base64 string to bytes.
 * Strict on purpose: Buffer.from(x, 'base64') silently skips junk and truncates, which would
 * turn a corrupt upload into a confusing OCR failure instead of a clear 400.
 */
export function decodeBase64Image(input: string): Buffer {
  if (typeof input !== 'string') throw new OcrInputError('The image must be a base64 string');
  let body = input.trim();
  const m = /^data:([^,]*?),/i.exec(body);
  if (m) {
    if (!/;base64$/i.test(m[1])) throw new OcrInputError('The data URL is not base64 encoded');
    const mime = m[1].split(';')[0].toLowerCase();
    if (mime && !/^image\/(jpeg|jpg|png|webp)$/.test(mime)) {
      throw new OcrInputError('The file is not a JPEG, PNG or WebP image');
    }
    body = body.slice(m[0].length);
  }
  body = body.replace(/\s+/g, ''); // line-wrapped base64 (MIME style) is legitimate
  if (body.length === 0) throw new OcrInputError('The image is empty');
  const urlSafe = !BASE64_RE.test(body) && BASE64URL_RE.test(body);
  if (!BASE64_RE.test(body) && !urlSafe) throw new OcrInputError('The image is not valid base64');
  const unpadded = body.replace(/=+$/, '');
  if (body.length % 4 !== 0 && body.length !== unpadded.length) {
    throw new OcrInputError('The image is not valid base64 (bad padding)');
  }
  if (unpadded.length % 4 === 1) throw new OcrInputError('The image is not valid base64 (truncated)');
  const buf = Buffer.from(unpadded, urlSafe ? 'base64url' : 'base64');
  if (buf.length === 0) throw new OcrInputError('The image is empty');
  assertSupportedImage(buf);
  return buf;
}

export interface PrepareOptions {
  /** Target width of the text column in pixels after scaling. */
  targetWidth?: number;
  /** Binarise with a global threshold (0-255) after normalising; off by default. */
  threshold?: number;
  /** Sharpen after scaling (helps soft upscaled phone photos). */
  sharpen?: boolean;
  /** 0 disables the correction of the scale from measured text-line heights. */
  lineHeight?: number;
  /** Crop to the printed area before sizing (default true). */
  crop?: boolean;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Bounding box of the printed content: rows/columns holding enough dark pixels, ignoring
 * scanner speckle (isolated dots) and thin margins. Works on a downsampled copy for speed.
 */
export function contentBox(data: Buffer, w: number, h: number): Box {
  const step = Math.max(1, Math.floor(Math.max(w, h) / 800));
  const sw = Math.floor(w / step);
  const sh = Math.floor(h / step);
  // Dark = clearly darker than the page: threshold relative to a bright percentile.
  const hist = new Array<number>(256).fill(0);
  for (let y = 0; y < sh; y++) for (let x = 0; x < sw; x++) hist[data[y * step * w + x * step]]++;
  let acc = 0;
  let bright = 255;
  const total = sw * sh;
  for (let v = 255; v >= 0; v--) {
    acc += hist[v];
    if (acc >= total * 0.3) {
      bright = v;
      break;
    }
  }
  const thr = bright * 0.6;
  const cols = new Array<number>(sw).fill(0);
  const rows = new Array<number>(sh).fill(0);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      if (data[y * step * w + x * step] < thr) {
        cols[x]++;
        rows[y]++;
      }
    }
  }
  const span = (counts: number[], len: number, other: number): [number, number] => {
    // A line of text darkens a few percent of the crossing pixels; speckle far less.
    const need = Math.max(2, other * 0.01);
    const on = counts.map((c) => c >= need);
    // Close gaps up to 3% long (line spacing, column gaps) so a block of text is one run,
    // then keep runs at least 1.5% long: isolated dark specks do not form such runs.
    const maxGap = Math.max(2, Math.round(len * 0.03));
    let lastOn = -1;
    for (let i = 0; i < len; i++) {
      if (!on[i]) continue;
      if (lastOn >= 0 && i - lastOn - 1 <= maxGap) for (let j = lastOn + 1; j < i; j++) on[j] = true;
      lastOn = i;
    }
    const minRun = Math.max(2, Math.round(len * 0.015));
    let first = -1;
    let last = -1;
    for (let i = 0; i < len;) {
      if (!on[i]) {
        i++;
        continue;
      }
      let j = i;
      while (j < len && on[j]) j++;
      if (j - i >= minRun) {
        if (first < 0) first = i;
        last = j - 1;
      }
      i = j;
    }
    if (first < 0) return [0, len - 1];
    return [first, last];
  };
  const [x0, x1] = span(cols, sw, sh);
  const [y0, y1] = span(rows, sh, sw);
  const margin = Math.round(Math.max(sw, sh) * 0.01);
  const left = Math.max(0, (x0 - margin) * step);
  const top = Math.max(0, (y0 - margin) * step);
  const right = Math.min(w, (x1 + 1 + margin) * step);
  const bottom = Math.min(h, (y1 + 1 + margin) * step);
  // Never crop to a sliver: if detection looks wrong, keep the full image.
  if (right - left < w * 0.15 || bottom - top < h * 0.15) return { left: 0, top: 0, width: w, height: h };
  return { left, top, width: right - left, height: bottom - top };
}

export interface PreparedImage {
  /** Image bytes ready for Tesseract (binary PGM). */
  data: Buffer;
  width: number;
  height: number;
}

function toPgm(pixels: Buffer, width: number, height: number): PreparedImage {
  // Binary PGM: no compression cost on either side, and Leptonica reads it natively.
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
  return { data: Buffer.concat([header, pixels]), width, height };
}

/**
 * Cut a prepared page in two at a blank row gap near the middle, so two idle workers can read
 * the halves at once (roughly halves the latency of one scan on an idle server). Returns null
 * when the page is short or no clean gap exists (cutting through text would lose a line).
 */
export function splitAtGap(img: PreparedImage, minHeight = 1400): [PreparedImage, PreparedImage] | null {
  const { width, height } = img;
  if (height < minHeight) return null;
  const m = /^P5\n\d+ \d+\n255\n/.exec(img.data.subarray(0, 32).toString('latin1'));
  if (!m) return null;
  const px = img.data.subarray(m[0].length);
  const dark = (y: number) => {
    let n = 0;
    const row = y * width;
    for (let x = 0; x < width; x += 2) if (px[row + x] < 128) n++;
    return n;
  };
  // Longest run of blank rows whose centre lies in the middle 40% of the page.
  const from = Math.floor(height * 0.3);
  const to = Math.ceil(height * 0.7);
  let best = -1;
  let bestLen = 0;
  let runStart = -1;
  for (let y = from; y <= to; y++) {
    const blank = y < to && dark(y) === 0;
    if (blank && runStart < 0) runStart = y;
    if (!blank && runStart >= 0) {
      const len = y - runStart;
      if (len > bestLen) {
        bestLen = len;
        best = runStart + Math.floor(len / 2);
      }
      runStart = -1;
    }
  }
  if (best < 0 || bestLen < 4) return null;
  const top = Buffer.from(px.subarray(0, best * width));
  const bottom = Buffer.from(px.subarray(best * width, height * width));
  return [toPgm(top, width, best), toPgm(bottom, width, height - best)];
}

/**
 * Median height in pixels of the text lines inside `box`: the height of runs of rows that
 * hold ink, separated by blank rows. Returns null when no clear line structure is found
 * (heavy skew, photos of busy backgrounds).
 */
export function medianLineHeight(data: Buffer, w: number, h: number, box: Box): number | null {
  // Sample columns sparsely for speed; rows at full resolution (heights matter).
  const xStep = Math.max(1, Math.floor(box.width / 400));
  let hist = 0;
  let sum = 0;
  for (let y = box.top; y < box.top + box.height; y += 4) {
    for (let x = box.left; x < box.left + box.width; x += xStep * 4) {
      sum += data[y * w + x];
      hist++;
    }
  }
  const mean = hist ? sum / hist : 128;
  const thr = mean * 0.6;
  const cols = Math.ceil(box.width / xStep);
  const need = Math.max(2, cols * 0.01);
  const runs: number[] = [];
  let run = 0;
  for (let y = box.top; y < box.top + box.height; y++) {
    let dark = 0;
    const row = y * w;
    for (let x = box.left; x < box.left + box.width; x += xStep) if (data[row + x] < thr) dark++;
    if (dark >= need) run++;
    else {
      if (run >= 3) runs.push(run);
      run = 0;
    }
  }
  if (run >= 3) runs.push(run);
  if (runs.length < 5) return null;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)];
}

/** Bounds on the height of a text line (ink rows) after scaling, in pixels. */
const MAX_LINE_HEIGHT = 40;
const MIN_LINE_HEIGHT = 16;

/** Most receipts are tall and narrow; cap the height so a pathological image cannot stall OCR. */
const MAX_HEIGHT = 4000;

export interface DecodedImage {
  /** Upright 8-bit greyscale raster. */
  data: Buffer;
  width: number;
  height: number;
  /** Printed area (the whole image when cropping is off or finds nothing). */
  box: Box;
}

/**
 * Decode once to an upright greyscale raster and locate the printed area. Several OCR passes
 * can then be rendered from it without decoding the upload again.
 */
export async function decodeImage(input: Buffer, opts: { crop?: boolean } = {}): Promise<DecodedImage> {
  assertSupportedImage(input);
  try {
    // failOn 'truncated': a cut-off upload must fail loudly; harmless warnings must not.
    const grey = await sharp(input, { failOn: 'truncated', limitInputPixels: 80_000_000 })
      .rotate()
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const w = grey.info.width;
    const h = grey.info.height;
    if (!w || !h) throw new OcrInputError('The image has no pixels');
    // Flat scans often hold a small receipt in a big white page: size on the printed area,
    // not on the page, or the text ends up a few pixels high.
    const box = opts.crop === false ? { left: 0, top: 0, width: w, height: h } : contentBox(grey.data, w, h);
    return { data: grey.data, width: w, height: h, box };
  } catch (err) {
    throw asInputError(err);
  }
}

function asInputError(err: unknown): Error {
  if (err instanceof OcrInputError) return err;
  const msg = err instanceof Error ? err.message : String(err);
  return new OcrInputError(`The image could not be decoded: ${msg.split('\n')[0]}`);
}

/**
 * Stretch grey levels so the 1st percentile becomes black and the 99th white, in place on an
 * 8-bit raster (for callers that have only 8-bit data; renderForOcr uses libvips instead).
 */
export function stretchContrast(data: Buffer): void {
  const hist = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i]]++;
  const cut = data.length * 0.01;
  let lo = 0;
  for (let acc = 0; lo < 255 && acc + hist[lo] <= cut; lo++) acc += hist[lo];
  let hi = 255;
  for (let acc = 0; hi > 0 && acc + hist[hi] <= cut; hi--) acc += hist[hi];
  if (hi - lo < 8) return; // blank or flat image: nothing to stretch
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - lo) * 255) / (hi - lo))));
  for (let i = 0; i < data.length; i++) data[i] = lut[data[i]];
}

/** Render one OCR input (scaled, contrast-stretched greyscale PGM) from a decoded image. */
export async function renderForOcr(img: DecodedImage, opts: PrepareOptions = {}): Promise<PreparedImage> {
  const targetWidth = opts.targetWidth ?? 1000;
  const { data: raster, width: w, height: h, box } = img;
  // Size for a working column width, then correct when the measured text lines would come
  // out far too tall or too short: LSTM accuracy collapses on very large or tiny glyphs.
  let scale = targetWidth / box.width;
  const lh = opts.lineHeight === 0 ? null : medianLineHeight(raster, w, h, box);
  if (lh) {
    if (lh * scale > MAX_LINE_HEIGHT) scale = (MAX_LINE_HEIGHT * 0.8) / lh;
    else if (lh * scale < MIN_LINE_HEIGHT) scale = Math.min((MIN_LINE_HEIGHT * 1.25) / lh, (targetWidth * 1.6) / box.width);
  }
  if (box.height * scale > MAX_HEIGHT) scale = MAX_HEIGHT / box.height;
  const outW = Math.max(1, Math.round(box.width * scale));
  try {
    let sized = sharp(raster, { raw: { width: w, height: h, channels: 1 } })
      .extract(box)
      .resize({ width: outW, kernel: scale > 1 ? 'cubic' : 'lanczos3' });
    // sharp sharpens before it normalises, whatever the call order.
    if (opts.sharpen) sized = sized.sharpen({ sigma: 1 });
    // Two sharp calls on purpose: normalise() reads the whole image for its percentiles and then
    // again for its output, and inside one pipeline each read recomputes the resize (and the
    // sharpen), most of the render time. The result is byte for byte the same.
    const resized = await sized.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const { data, info } = await sharp(resized.data, { raw: { width: resized.info.width, height: resized.info.height, channels: 1 } })
      // Stretch in libvips (on L*, in floating point): stretching the 8-bit grey values
      // (stretchContrast) measurably hurt OCR of faded phone photos.
      .normalise()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 1) throw new Error(`unexpected channel count ${info.channels}`);
    if (opts.threshold !== undefined) for (let i = 0; i < data.length; i++) data[i] = data[i] > opts.threshold ? 255 : 0;
    return toPgm(data, info.width, info.height);
  } catch (err) {
    throw asInputError(err);
  }
}

/**
 * Decode and prepare an image for OCR in one go. Why each step:
 * - rotate(): phone photos carry EXIF orientation; Tesseract ignores it.
 * - crop to the printed area, then resize: Tesseract's LSTM reads best at a moderate glyph
 *   height; huge 300-dpi scans waste seconds, small phone photos lose strokes.
 * - greyscale + normalise: removes colour casts and stretches faded thermal print.
 */
export async function prepareImage(input: Buffer, opts: PrepareOptions = {}): Promise<PreparedImage> {
  return renderForOcr(await decodeImage(input, { crop: opts.crop }), opts);
}

/**
 * Render a horizontal band of the printed area (rows top..bottom of the decoded raster, full
 * content width) for a closer second reading, scaled so the band's width becomes targetWidth.
 */
export async function renderBand(img: DecodedImage, top: number, bottom: number, targetWidth: number): Promise<PreparedImage> {
  const t = Math.max(img.box.top, Math.floor(top));
  const b = Math.min(img.box.top + img.box.height, Math.ceil(bottom));
  const box = { left: img.box.left, top: t, width: img.box.width, height: Math.max(1, b - t) };
  return renderForOcr({ ...img, box }, { targetWidth, lineHeight: 0 });
}
