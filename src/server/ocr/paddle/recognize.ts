/**
 * Text recognition with PP-OCR's CRNN model: each detected segment is cut out along its own
 * angle, scaled to the model's 48-pixel line height, read in batches of similar width, and
 * decoded greedily (CTC: best class per step, repeats and blanks removed).
 */
import type { DecodedImage } from '../raster';
import type { Charset } from './models';
import type { TextRegion } from './detect';

export interface ReadSegment {
  region: TextRegion;
  text: string;
  /** Mean probability of the kept characters, 0-1. */
  conf: number;
  /** The characters read unsure, each with the likeliest other letter (what a word check may choose). */
  alts?: CharAlternative[];
  /** The same segment as the second recogniser read it (the header's segments). */
  second?: RecognizedText;
}

/** A batch of segment crops for the recogniser: `count` grey planes of LINE_HEIGHT × `width`, and each one's output steps. */
export interface RecognitionTask {
  grey: Float32Array<ArrayBuffer>;
  count: number;
  width: number;
  steps: number[];
  /** Which recogniser reads it: the first reads every segment, the second the header's again. */
  reader: 'first' | 'second';
}

export interface RecognizedText {
  text: string;
  conf: number;
  alts: CharAlternative[];
}

/** Reads a batch (the recognition pool, recognitionPool.ts). */
export type ReadBatch = (task: RecognitionTask) => Promise<RecognizedText[]>;

/** At text position `at`, the character read with probability `p` could be the letter `alt` (probability `altP`). */
export interface CharAlternative {
  at: number;
  p: number;
  alt: string;
  altP: number;
}

/** A character read with less than this probability keeps its runner-up letter. */
const UNSURE_CHAR = 0.95;
const LETTER = /^[A-Za-z]$/;

export const LINE_HEIGHT = 48;
const MAX_WIDTH = 1600;
/**
 * Small batches of alike widths: on CPU the model reads several short batches faster than one
 * large one (bench/scan.ts), and a short segment carries little padding.
 */
const BATCH_PIXELS = 48 * 800;
const BATCH_MAX = 4;
/** The recogniser's input steps per output step. */
const STRIDE = 8;

/** Segment `r` of the raster, resampled to LINE_HEIGHT rows and `outW` columns (bilinear, supersampled when shrinking). */
export function cropSegment(image: DecodedImage, r: TextRegion, outW: number, out: Float32Array, stride: number, offset: number): void {
  const { data, width: W, height: H } = image;
  const cos = Math.cos(r.angle);
  const sin = Math.sin(r.angle);
  const du = r.width / outW;
  const dv = r.height / LINE_HEIGHT;
  const k = Math.max(1, Math.min(4, Math.round(Math.max(du, dv))));
  const sample = (x: number, y: number): number => {
    if (x < 0) x = 0;
    else if (x > W - 1) x = W - 1;
    if (y < 0) y = 0;
    else if (y > H - 1) y = H - 1;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const x1 = Math.min(W - 1, x0 + 1);
    const y1 = Math.min(H - 1, y0 + 1);
    const fx = x - x0;
    const fy = y - y0;
    const a = data[y0 * W + x0] * (1 - fx) + data[y0 * W + x1] * fx;
    const b = data[y1 * W + x0] * (1 - fx) + data[y1 * W + x1] * fx;
    return a * (1 - fy) + b * fy;
  };
  for (let j = 0; j < LINE_HEIGHT; j++) {
    for (let i = 0; i < outW; i++) {
      let acc = 0;
      for (let a = 0; a < k; a++) {
        for (let b = 0; b < k; b++) {
          const u = (i + (a + 0.5) / k) * du - r.width / 2;
          const v = (j + (b + 0.5) / k) * dv - r.height / 2;
          acc += sample(r.cx + u * cos - v * sin, r.cy + u * sin + v * cos);
        }
      }
      // The model reads values in [-1, 1].
      out[offset + j * stride + i] = acc / (k * k) / 127.5 - 1;
    }
  }
}

function segmentWidth(r: TextRegion): number {
  return Math.max(STRIDE, Math.min(MAX_WIDTH, Math.round((LINE_HEIGHT * r.width) / Math.max(1, r.height))));
}

/**
 * The model was trained mostly on text without spaces and prints few: at a gap between words
 * the space class peaks but rarely beats the blank. A step whose space probability reaches
 * this is read as a space.
 */
export const SPACE_MIN = 0.08;

/** The likeliest letter at step `base` other than `best` itself in either case. */
function runnerUpLetter(probs: Float32Array, base: number, best: number, charset: Charset): { alt: string; altP: number } | null {
  const own = charset.chars[best].toLowerCase();
  let alt = -1;
  let altP = 0;
  for (let a = 1; a < charset.allowed.length; a++) {
    const c = charset.allowed[a];
    const p = probs[base + c];
    if (p > altP && LETTER.test(charset.chars[c]) && charset.chars[c].toLowerCase() !== own) {
      alt = c;
      altP = p;
    }
  }
  return alt > 0 ? { alt: charset.chars[alt], altP } : null;
}

/** Greedy CTC decoding of one sample's steps over the allowed classes. */
export function decodeSteps(probs: Float32Array, offset: number, steps: number, classes: number, charset: Charset): RecognizedText {
  const { allowed, chars } = charset;
  const space = chars.length - 1;
  const alts: CharAlternative[] = [];
  let text = '';
  let confSum = 0;
  let kept = 0;
  let prev = -1;
  for (let t = 0; t < steps; t++) {
    const base = offset + t * classes;
    let best = 0;
    let bestP = -1;
    for (let a = 0; a < allowed.length; a++) {
      const p = probs[base + allowed[a]];
      if (p > bestP) {
        bestP = p;
        best = allowed[a];
      }
    }
    if (best === 0 && probs[base + space] >= SPACE_MIN) best = space;
    if (best === space) {
      if (prev !== space && text.length) text += ' ';
    } else if (best !== 0 && best !== prev) {
      if (bestP < UNSURE_CHAR && /^[A-Za-z0-9]$/.test(chars[best])) {
        const runnerUp = runnerUpLetter(probs, base, best, charset);
        if (runnerUp) alts.push({ at: text.length, p: bestP, ...runnerUp });
      }
      text += chars[best];
      confSum += bestP;
      kept++;
    }
    prev = best;
  }
  return { text, conf: kept ? confSum / kept : 0, alts };
}

/** Segments of alike widths in batches, as the recogniser reads them: indexes into `regions`, with their crop widths. */
function batchesOf(regions: TextRegion[]): { i: number; w: number }[][] {
  const order = regions.map((r, i) => ({ i, w: segmentWidth(r) })).sort((a, b) => a.w - b.w);
  const batches: { i: number; w: number }[][] = [];
  let start = 0;
  while (start < order.length) {
    // Widths rise through `order`: grow the batch while its padded size stays small.
    let end = start + 1;
    while (end < order.length && end - start < BATCH_MAX && order[end].w * (end - start + 1) * LINE_HEIGHT <= BATCH_PIXELS) end++;
    batches.push(order.slice(start, end));
    start = end;
  }
  return batches;
}

/** Each region of `regions` read by `reader`, in their order. */
async function readRegions(read: ReadBatch, image: DecodedImage, regions: TextRegion[], reader: RecognitionTask['reader']): Promise<RecognizedText[]> {
  const results: RecognizedText[] = new Array(regions.length);
  // The widest first, so the parallel readers finish together rather than one waiting on the last long batch.
  const batches = batchesOf(regions).reverse();
  await Promise.all(
    batches.map(async (batch) => {
      const width = Math.ceil(batch[batch.length - 1].w / STRIDE) * STRIDE;
      const plane = LINE_HEIGHT * width;
      const grey = new Float32Array(batch.length * plane);
      batch.forEach((seg, n) => cropSegment(image, regions[seg.i], seg.w, grey, width, n * plane));
      const texts = await read({ grey, count: batch.length, width, steps: batch.map((seg) => Math.ceil(seg.w / STRIDE) + 1), reader });
      // Decoding never starts with a space, so trimming the end keeps every position.
      batch.forEach((seg, n) => (results[seg.i] = { ...texts[n], text: texts[n].text.trimEnd() }));
    }),
  );
  return results;
}

export async function recognizeSegments(read: ReadBatch, image: DecodedImage, regions: TextRegion[]): Promise<ReadSegment[]> {
  const texts = await readRegions(read, image, regions, 'first');
  return texts.map(({ text, conf, alts }, i) => ({ region: regions[i], text, conf, ...(alts.length ? { alts } : {}) }));
}

/** `segments` with those `chosen` says read again by the second recogniser (its reading in `second`). */
export async function withSecondReadings(
  read: ReadBatch,
  image: DecodedImage,
  segments: ReadSegment[],
  chosen: (s: ReadSegment) => boolean,
): Promise<ReadSegment[]> {
  const picked = segments.flatMap((s, i) => (chosen(s) ? [i] : []));
  if (!picked.length) return segments;
  const texts = await readRegions(
    read,
    image,
    picked.map((i) => segments[i].region),
    'second',
  );
  const out = [...segments];
  picked.forEach((i, n) => (out[i] = { ...segments[i], second: texts[n] }));
  return out;
}
