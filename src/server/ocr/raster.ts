/**
 * Raster work for OCR: the picture decoded once to an upright greyscale raster, and the printed
 * area found in it. Detection and recognition (paddle/) read from this raster. Whether the bytes
 * may be scanned at all is checked before, at the request (src/server/images/upload.ts).
 */
import os from 'node:os';
import sharp from 'sharp';
import { decodeFailure, openImage } from '../images/decode';
import { OcrInputError } from './errors';

/**
 * Lets libvips use every core for one image. sharp defaults to one thread on glibc (against
 * memory fragmentation), which doubles the time of each decode and resize while the models wait
 * for it; the scan benchmark's peak RSS shows what the extra threads cost in memory.
 */
export function useAllCoresForImages(): void {
  sharp.concurrency(os.availableParallelism());
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

export interface DecodedImage {
  /** Upright 8-bit greyscale raster. */
  data: Buffer;
  width: number;
  height: number;
  /** Printed area (the whole image when cropping is off or finds nothing). */
  box: Box;
}

/**
 * Raw RGBA pixels (a drawn PDF page) to the raster a decoded photo gives: greyscale as sharp
 * makes it from a photo, and its printed area. No file format in between.
 */
export async function rasterOfPixels(rgba: Uint8Array, width: number, height: number): Promise<DecodedImage> {
  const data = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { data, width, height, box: contentBox(data, width, height) };
}

/**
 * Decode once to an upright greyscale raster and locate the printed area. The detector's
 * passes and the recogniser's crops are then all cut from it without decoding the upload again.
 */
export async function decodeImage(input: Buffer, opts: { crop?: boolean } = {}): Promise<DecodedImage> {
  try {
    const grey = await openImage(input).rotate().greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const w = grey.info.width;
    const h = grey.info.height;
    if (!w || !h) throw new OcrInputError('The image has no pixels');
    // Flat scans often hold a small receipt in a big white page: size on the printed area,
    // not on the page, or the text ends up a few pixels high.
    const box = opts.crop === false ? { left: 0, top: 0, width: w, height: h } : contentBox(grey.data, w, h);
    return { data: grey.data, width: w, height: h, box };
  } catch (err) {
    if (err instanceof OcrInputError) throw err;
    const msg = err instanceof Error ? err.message : String(err);
    throw new OcrInputError(decodeFailure(err, `The image could not be decoded: ${msg.split('\n')[0]}`));
  }
}
