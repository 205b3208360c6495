/**
 * Text detection with PP-OCR's DB model: a probability map of "text here", turned into one
 * oriented rectangle per text segment. The post-processing (threshold, connected regions,
 * orientation from second moments, "unclip" growth) is DBNet's, written for typed arrays so no
 * image-processing library is needed.
 */
import sharp from 'sharp';
import type { InferenceSession, Tensor as OrtTensor } from 'onnxruntime-node';
import type { DecodedImage } from '../raster';

/** A detected text segment in the decoded raster's pixels: centre, size along its own axes, angle. */
export interface TextRegion {
  cx: number;
  cy: number;
  width: number;
  height: number;
  /** Radians, the direction of the text's baseline (0 = horizontal). */
  angle: number;
  /** Mean text probability of the segment. */
  score: number;
}

export interface DetectOptions {
  /** Width the printed area is scaled to for detection, unless its text is large (see textHeight). */
  targetWidth: number;
  /** Cap on the detection input's pixels (tall receipts are scaled down to fit). */
  maxPixels: number;
  /** Probability above which a pixel is text. */
  threshold: number;
  /** Segments whose mean probability is below this are dropped. */
  minScore: number;
  /** How far a shrunk text kernel is grown back (DBNet's unclip ratio). */
  unclipRatio: number;
  /** Larger inputs are run in strips of at most this many pixels: the model's working memory follows the strip, not the receipt. */
  stripPixels: number;
  /**
   * Where a quick detection at `probeWidth` finds the text large, the area is scaled down so that
   * its median text segment, as the probe measures it, is this high: large print reads as well
   * smaller, in far fewer pixels. 0: size by `targetWidth` alone.
   */
  textHeight: number;
  probeWidth: number;
}

export const DETECT_DEFAULTS: DetectOptions = {
  targetWidth: 960,
  maxPixels: 2_000_000,
  threshold: 0.3,
  minScore: 0.6,
  unclipRatio: 1.6,
  stripPixels: 1_000_000,
  textHeight: 48,
  probeWidth: 240,
};

/** Largest upscaling of the printed area: beyond it a small photo's blur only grows. */
const MAX_SCALE = 2;
/** Text segments the probe must find for their height to be trusted. */
const MIN_PROBE_SEGMENTS = 5;

/** Rows of context above and below the part of a strip that is kept, so text at a seam is seen whole. */
const STRIP_CONTEXT = 64;

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];
/** Angles closer to level than this are treated as level (no resampling along a slant). */
const LEVEL = (2 * Math.PI) / 180;

type Ort = typeof import('onnxruntime-node');

/** Input size for scale `s` of a w×h area: within the pixel cap, sides a multiple of 32. */
function detectionSize(w: number, h: number, s: number, opts: DetectOptions): { width: number; height: number } {
  if (w * s * h * s > opts.maxPixels) s = Math.sqrt(opts.maxPixels / (w * h));
  const round32 = (v: number) => Math.max(32, Math.round(v / 32) * 32);
  return { width: round32(w * s), height: round32(h * s) };
}

/** The median height of the probe's text segments (wider than tall, so not stray marks), in raster pixels. */
function medianTextHeight(regions: TextRegion[]): number | null {
  const hs = regions
    .filter((r) => r.width > 2 * r.height)
    .map((r) => r.height)
    .sort((a, b) => a - b);
  return hs.length >= MIN_PROBE_SEGMENTS ? hs[Math.floor(hs.length / 2)] : null;
}

/** The detection scale: by width, lowered where the probe found the text large (never raised: small print keeps every pixel). */
export function detectionScale(boxWidth: number, probeTextHeight: number | null, opts: Pick<DetectOptions, 'targetWidth' | 'textHeight'>): number {
  const byWidth = Math.min(opts.targetWidth / boxWidth, MAX_SCALE);
  return probeTextHeight && opts.textHeight ? Math.min(opts.textHeight / probeTextHeight, byWidth) : byWidth;
}

export async function detectText(ort: Ort, session: InferenceSession, image: DecodedImage, opts: DetectOptions = DETECT_DEFAULTS): Promise<TextRegion[]> {
  const width = image.box.width;
  if (!opts.textHeight) return detectAt(ort, session, image, detectionScale(width, null, opts), opts);
  const probeScale = Math.min(opts.probeWidth / width, MAX_SCALE);
  const probe = await detectAt(ort, session, image, probeScale, opts);
  const scale = detectionScale(width, medianTextHeight(probe), opts);
  // A narrow picture is probed at the scale it is read at: the probe's regions are the reading.
  return scale === probeScale ? probe : detectAt(ort, session, image, scale, opts);
}

async function detectAt(ort: Ort, session: InferenceSession, image: DecodedImage, scale: number, opts: DetectOptions): Promise<TextRegion[]> {
  const { box } = image;
  const { width: W, height: H } = detectionSize(box.width, box.height, scale, opts);
  const grey = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .extract({ left: Math.round(box.left), top: Math.round(box.top), width: Math.round(box.width), height: Math.round(box.height) })
    .resize(W, H, { fit: 'fill' })
    // Raw one-channel input still comes out as three channels unless told otherwise.
    .extractChannel(0)
    .raw()
    .toBuffer();
  const plane = W * H;
  const input = new Float32Array(3 * plane);
  for (let c = 0; c < 3; c++) {
    const scale = 1 / (255 * STD[c]);
    const shift = MEAN[c] / STD[c];
    const off = c * plane;
    for (let i = 0; i < plane; i++) input[off + i] = grey[i] * scale - shift;
  }
  const prob = await probabilityMap(ort, session, input, W, H, opts.stripPixels);
  const sx = box.width / W;
  const sy = box.height / H;
  return regionsFromMap(prob, W, H, opts).map((r) => ({
    ...r,
    cx: box.left + r.cx * sx,
    cy: box.top + r.cy * sy,
    width: r.width * Math.hypot(sx * Math.cos(r.angle), sy * Math.sin(r.angle)),
    height: r.height * Math.hypot(sx * Math.sin(r.angle), sy * Math.cos(r.angle)),
  }));
}

async function runModel(ort: Ort, session: InferenceSession, input: Float32Array, W: number, H: number): Promise<Float32Array> {
  const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, H, W]) };
  const out = (await session.run(feeds))[session.outputNames[0]] as OrtTensor;
  return out.data as Float32Array;
}

/**
 * The text probability of every pixel of a 3-plane input W×H. An input over `stripPixels` is run
 * in the fewest strips within it, spread evenly so that neighbours overlap by at least twice
 * STRIP_CONTEXT; each row is taken from the strip where it lies furthest from an edge. Smaller
 * inputs run whole: the model weighs its channels by the whole input, so strips read a little
 * differently, and only the large inputs need them.
 */
async function probabilityMap(ort: Ort, session: InferenceSession, input: Float32Array, W: number, H: number, stripPixels: number): Promise<Float32Array> {
  const maxStrip = Math.max(4 * STRIP_CONTEXT, Math.floor(stripPixels / W / 32) * 32);
  if (W * H <= stripPixels || H <= maxStrip) return runModel(ort, session, input, W, H);
  const n = Math.ceil((H - 2 * STRIP_CONTEXT) / (maxStrip - 2 * STRIP_CONTEXT));
  const height = Math.min(maxStrip, Math.ceil((H + 2 * STRIP_CONTEXT * (n - 1)) / n / 32) * 32);
  const topOf = (k: number) => Math.round((k * (H - height)) / (n - 1));
  const plane = W * H;
  const prob = new Float32Array(plane);
  const strip = new Float32Array(3 * W * height);
  let kept = 0;
  for (let k = 0; k < n; k++) {
    const top = topOf(k);
    for (let c = 0; c < 3; c++) strip.set(input.subarray(c * plane + top * W, c * plane + (top + height) * W), c * W * height);
    const out = await runModel(ort, session, strip, W, height);
    const end = k === n - 1 ? H : Math.round((top + height + topOf(k + 1)) / 2);
    prob.set(out.subarray((kept - top) * W, (end - top) * W), kept * W);
    kept = end;
  }
  return prob;
}

/** Connected text regions of a probability map, as oriented rectangles grown by the unclip ratio. */
export function regionsFromMap(prob: Float32Array, W: number, H: number, opts: Pick<DetectOptions, 'threshold' | 'minScore' | 'unclipRatio'>): TextRegion[] {
  const n = W * H;
  const label = new Int32Array(n);
  const pixels = new Int32Array(n);
  const regions: TextRegion[] = [];
  let next = 1;
  for (let start = 0; start < n; start++) {
    if (label[start] !== 0 || prob[start] <= opts.threshold) continue;
    // Flood fill (4-connected); the pixel list doubles as the queue.
    let head = 0;
    let tail = 0;
    pixels[tail++] = start;
    label[start] = next;
    let sum = 0,
      mx = 0,
      my = 0;
    while (head < tail) {
      const p = pixels[head++];
      const x = p % W;
      const y = (p - x) / W;
      sum += prob[p];
      mx += x;
      my += y;
      if (x > 0 && label[p - 1] === 0 && prob[p - 1] > opts.threshold) {
        label[p - 1] = next;
        pixels[tail++] = p - 1;
      }
      if (x < W - 1 && label[p + 1] === 0 && prob[p + 1] > opts.threshold) {
        label[p + 1] = next;
        pixels[tail++] = p + 1;
      }
      if (y > 0 && label[p - W] === 0 && prob[p - W] > opts.threshold) {
        label[p - W] = next;
        pixels[tail++] = p - W;
      }
      if (y < H - 1 && label[p + W] === 0 && prob[p + W] > opts.threshold) {
        label[p + W] = next;
        pixels[tail++] = p + W;
      }
    }
    next++;
    const count = tail;
    if (count < 6) continue;
    const score = sum / count;
    if (score < opts.minScore) continue;
    mx /= count;
    my /= count;
    let cxx = 0,
      cyy = 0,
      cxy = 0;
    for (let i = 0; i < count; i++) {
      const x = (pixels[i] % W) - mx;
      const y = (pixels[i] - (pixels[i] % W)) / W - my;
      cxx += x * x;
      cyy += y * y;
      cxy += x * y;
    }
    let angle = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
    // Receipts are read along their lines: a tall blob (a lone '1', a bar) keeps a level reading.
    if (angle > Math.PI / 4) angle -= Math.PI / 2;
    else if (angle < -Math.PI / 4) angle += Math.PI / 2;
    if (Math.abs(angle) < LEVEL) angle = 0;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    let umin = Infinity,
      umax = -Infinity,
      vmin = Infinity,
      vmax = -Infinity;
    for (let i = 0; i < count; i++) {
      const x = (pixels[i] % W) - mx;
      const y = (pixels[i] - (pixels[i] % W)) / W - my;
      const u = x * cos + y * sin;
      const v = -x * sin + y * cos;
      if (u < umin) umin = u;
      if (u > umax) umax = u;
      if (v < vmin) vmin = v;
      if (v > vmax) vmax = v;
    }
    const w = umax - umin + 1;
    const h = vmax - vmin + 1;
    if (Math.min(w, h) < 3) continue;
    const grow = (w * h * opts.unclipRatio) / (2 * (w + h));
    const uc = (umin + umax) / 2;
    const vc = (vmin + vmax) / 2;
    regions.push({
      cx: mx + uc * cos - vc * sin + 0.5,
      cy: my + uc * sin + vc * cos + 0.5,
      width: w + 2 * grow,
      height: h + 2 * grow,
      angle,
      score,
    });
  }
  return regions;
}
