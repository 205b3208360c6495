/**
 * PP-OCRv4 on ONNX Runtime: detection, then recognition, then rows of text. Inference runs on
 * ONNX Runtime's own threads, so the event loop only does the light pre- and post-processing.
 */
import os from 'node:os';
import type { InferenceSession } from 'onnxruntime-node';
import type { DecodedImage } from '../raster';
import { OcrFailedError } from '../errors';
import { HEADER_LINES } from '../parser/storeCandidates';
import { DETECT_DEFAULTS, detectText, type DetectOptions } from './detect';
import { modelBytes, modelFiles, sessionOptions } from './models';
import { RecognitionPool } from './recognitionPool';
import { recognizeSegments, withSecondReadings, type ReadSegment, type RecognitionTask } from './recognize';
import { rowsFromSegments, type TextRow } from './rows';
import { withSecondOpinion } from './secondOpinion';
import { withWordsChecked } from './wordCheck';

export { rowsToText, type TextRow } from './rows';
export type { ReadSegment } from './recognize';

/** The receipt's rows from its read segments, each unsure word checked against the lexicon first. */
export function textRows(segments: ReadSegment[]): TextRow[] {
  return rowsFromSegments(segments.map((s) => withWordsChecked(withSecondOpinion(s))));
}

/**
 * Where the header's rows end: the lowest point of the first HEADER_LINES rows, where the store
 * candidates come from. The second recogniser reads the segments above it again.
 */
function headerBottom(segments: ReadSegment[]): number {
  const rows = rowsFromSegments(segments).slice(0, HEADER_LINES);
  return Math.max(-Infinity, ...rows.map((r) => r.box.top + r.box.height));
}

/**
 * A header segment worth a second reading: one with words in it (three letters or more, and
 * letters at least half its characters). The second recogniser is there for names; a phone
 * number, a date or a registration number gains nothing from it, and it costs as much to read.
 */
export function worthSecondReading(s: ReadSegment): boolean {
  const letters = (s.text.match(/[A-Za-z]/g) ?? []).length;
  return letters >= 3 && letters >= s.text.replace(/\s/g, '').length / 2;
}

type Ort = typeof import('onnxruntime-node');

export interface PaddleOptions {
  /** Cores the engine uses (default: every core): threads inside one detection run, recognisers side by side. */
  threads?: number;
  detect?: Partial<DetectOptions>;
}

export class PaddleOcr {
  private constructor(
    private readonly ort: Ort,
    private readonly det: InferenceSession,
    private readonly rec: RecognitionPool,
    private readonly detectOptions: DetectOptions,
  ) {}

  static async create(opts: PaddleOptions = {}): Promise<PaddleOcr> {
    try {
      // Loaded on first use: the native runtime costs memory a server without scans never needs.
      const ort: Ort = await import('onnxruntime-node');
      const files = modelFiles();
      const threads = Math.max(1, opts.threads ?? os.availableParallelism());
      const [det, rec] = await Promise.allSettled([
        ort.InferenceSession.create(modelBytes(files.detection), sessionOptions(threads)),
        RecognitionPool.create(files, threads),
      ]);
      if (det.status === 'rejected' || rec.status === 'rejected') {
        await Promise.all([det.status === 'fulfilled' && det.value.release(), rec.status === 'fulfilled' && rec.value.close()]);
        throw det.status === 'rejected' ? det.reason : (rec as PromiseRejectedResult).reason;
      }
      return new PaddleOcr(ort, det.value, rec.value, { ...DETECT_DEFAULTS, ...(opts.detect ?? {}) });
    } catch (err) {
      throw new OcrFailedError(`Could not start the OCR engine: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  /**
   * The text rows of the printed area of `image`, top to bottom. `header: false` for a picture
   * that holds no store header (a PDF's pages after the first): its first rows are not read again.
   */
  async read(image: DecodedImage, detect: Partial<DetectOptions> = {}, { header = true }: { header?: boolean } = {}): Promise<TextRow[]> {
    return textRows(await this.readSegments(image, detect, { header }));
  }

  /** Every text segment read in `image`, before they are grouped into rows. */
  async readSegments(image: DecodedImage, detect: Partial<DetectOptions> = {}, { header = true }: { header?: boolean } = {}): Promise<ReadSegment[]> {
    try {
      const regions = await detectText(this.ort, this.det, image, { ...this.detectOptions, ...detect });
      const read = (task: RecognitionTask) => this.rec.read(task);
      const segments = await recognizeSegments(read, image, regions);
      if (!header) return segments;
      const headerEnd = headerBottom(segments);
      return await withSecondReadings(read, image, segments, (s) => s.region.cy <= headerEnd && worthSecondReading(s));
    } catch (err) {
      throw new OcrFailedError(`OCR failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.det.release(), this.rec.close()]);
  }
}
