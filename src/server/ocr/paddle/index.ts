/**
 * PP-OCRv4 on ONNX Runtime: detection, then recognition, then rows of text. Inference runs on
 * ONNX Runtime's own threads, so the event loop only does the light pre- and post-processing.
 */
import os from 'node:os';
import type { InferenceSession } from 'onnxruntime-node';
import type { DecodedImage } from '../image';
import { OcrFailedError } from '../errors';
import { DETECT_DEFAULTS, detectText, type DetectOptions } from './detect';
import { loadCharset, modelFiles, type Charset } from './models';
import { recognizeSegments, type ReadSegment } from './recognize';
import { rowsFromSegments, type TextRow } from './rows';
import { withWordsChecked } from './wordCheck';

export { rowsToText, type TextRow } from './rows';
export type { ReadSegment } from './recognize';

/** The receipt's rows from its read segments, each unsure word checked against the lexicon first. */
export function textRows(segments: ReadSegment[]): TextRow[] {
  return rowsFromSegments(segments.map(withWordsChecked));
}

type Ort = typeof import('onnxruntime-node');

export interface PaddleOptions {
  /** Threads ONNX Runtime uses inside one model run (default: every core). */
  threads?: number;
  detect?: Partial<DetectOptions>;
}

export class PaddleOcr {
  private constructor(
    private readonly ort: Ort,
    private readonly det: InferenceSession,
    private readonly rec: InferenceSession,
    private readonly charset: Charset,
    private readonly detectOptions: DetectOptions,
  ) {}

  static async create(opts: PaddleOptions = {}): Promise<PaddleOcr> {
    try {
      // Loaded on first use: the native runtime costs memory a server without scans never needs.
      const ort: Ort = await import('onnxruntime-node');
      const files = modelFiles();
      const threads = Math.max(1, opts.threads ?? os.availableParallelism());
      const sessionOptions: InferenceSession.SessionOptions = {
        intraOpNumThreads: threads,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
        executionMode: 'sequential',
        // Memory patterns are planned and kept per input shape, and every receipt brings new
        // shapes: with them on, memory only grows. Measured: no slower without them.
        enableMemPattern: false,
      };
      const [det, rec] = await Promise.all([
        ort.InferenceSession.create(files.detection, sessionOptions),
        ort.InferenceSession.create(files.recognition, sessionOptions),
      ]);
      return new PaddleOcr(ort, det, rec, loadCharset(files.characters), { ...DETECT_DEFAULTS, ...(opts.detect ?? {}) });
    } catch (err) {
      throw new OcrFailedError(`Could not start the OCR engine: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  /** The text rows of the printed area of `image`, top to bottom. */
  async read(image: DecodedImage, detect: Partial<DetectOptions> = {}): Promise<TextRow[]> {
    return textRows(await this.readSegments(image, detect));
  }

  /** Every text segment read in `image`, before they are grouped into rows. */
  async readSegments(image: DecodedImage, detect: Partial<DetectOptions> = {}): Promise<ReadSegment[]> {
    try {
      const regions = await detectText(this.ort, this.det, image, { ...this.detectOptions, ...detect });
      return await recognizeSegments(this.ort, this.rec, image, regions, this.charset);
    } catch (err) {
      throw new OcrFailedError(`OCR failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.det.release(), this.rec.release()]);
  }
}
