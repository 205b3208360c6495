/**
 * Receipt scanner: the one entry point the API uses. image bytes -> prepared image ->
 * Tesseract (pooled workers) -> parsed fields + raw text.
 */
import { OcrEngine, type RecognizeOutput, type WorkerLease } from './engine';
import {
  assertSupportedImage,
  decodeImage,
  useAllCoresForImages,
  renderBand,
  renderForOcr,
  splitAtGap,
  type Box,
  type DecodedImage,
  type PrepareOptions,
} from './image';
import { linesFromTsv } from './layout';
import { createPaddleScanner } from './paddleScanner';
import { parseReceiptDetailed, parseStoreFromHeader, type DateOrder } from './parser';
import type { ReceiptScanner, ScannerOptions, ScanOptions, ScanResult } from './types';

export { OcrInputError, OcrBusyError, OcrFailedError } from './errors';
export { decodeBase64Image, detectImageType } from './image';
export type { DateOrder, FieldConfidence, ParsedReceipt, ReceiptItem } from './parser';

export type { OcrEngineName, ReceiptScanner, ScannerOptions, ScanOptions, ScanResult } from './types';

/** First pass: a working column width that suits both flat scans and phone photos. */
const FIRST_PASS: PrepareOptions = { targetWidth: 1000, lineHeight: 0 };
/**
 * Second pass, only when the first found no labelled or confirmed total (or no date):
 * size on the measured text-line height instead (fixes very large or very small print) and
 * read at a larger scale when there is no measurable line structure (blurry photos).
 */
const SECOND_PASS: PrepareOptions = { targetWidth: 1400, sharpen: true };
/** A parse this good is not worth a second OCR pass (a labelled or confirmed total, and a date). */
const GOOD_ENOUGH = 2.6;

interface OcrText {
  text: string;
  lineConf: number[];
  /** Box of each text line in the decoded raster's pixels (for a closer second look). */
  lineBoxes: Box[];
}

async function ocr(engine: OcrEngine, lease: WorkerLease, image: DecodedImage, prep: PrepareOptions): Promise<OcrText> {
  const prepared = await renderForOcr(image, prep);
  // Use an idle second worker, if there is one, to read the two halves of a long receipt at once.
  const halves = splitAtGap(prepared);
  const helper = halves ? engine.tryBorrowIdle() : null;
  let outs: RecognizeOutput[];
  let offsets = [0];
  if (halves && helper) {
    try {
      outs = await Promise.all([lease.recognize(halves[0].data), helper.recognize(halves[1].data)]);
      offsets = [0, halves[0].height];
    } finally {
      helper.release();
    }
  } else {
    outs = [await lease.recognize(prepared.data)];
  }
  const scale = prepared.width / Math.max(1, image.box.width);
  const lines = outs.flatMap((o, i) => linesFromTsv(o.tsv).map((l) => ({ ...l, box: { ...l.box, top: l.box.top + offsets[i] } })));
  if (!lines.length) return { text: outs.map((o) => o.text).join('\n'), lineConf: [], lineBoxes: [] };
  return {
    text: lines.map((l) => l.text).join('\n'),
    lineConf: lines.map((l) => l.conf),
    lineBoxes: lines.map((l) => ({
      left: image.box.left + l.box.left / scale,
      top: image.box.top + l.box.top / scale,
      width: l.box.width / scale,
      height: l.box.height / scale,
    })),
  };
}

/**
 * Store names are often printed large, bold or stylised, and a name read at the working scale
 * of the whole page can come out garbled or partial. When the pick is weak, the header band
 * (page top down to just below the chosen name) is read again from the decoded raster at a
 * larger scale, as a block of text columns (PSM 4), and the better-scored name wins.
 */
const HEADER_RECHECK_BELOW = 0.6;
/** The re-read must beat the first reading by this much (near-ties go either way). */
const HEADER_MARGIN = 0.1;
const HEADER_WIDTH = 2000;

async function rereadHeader(lease: WorkerLease, image: DecodedImage, read: OcrText, storeLines: number[]): Promise<{ name: string; score: number } | null> {
  const boxes = read.lineBoxes;
  if (!boxes.length) return null;
  // Down to one line below the chosen name (its legal form may have wrapped), or 4 lines.
  const last = Math.min(boxes.length - 1, storeLines.length ? Math.max(...storeLines) + 1 : 3);
  const bottom = boxes[last].top + boxes[last].height * 1.3;
  if (bottom <= image.box.top) return null;
  const band = await renderBand(image, image.box.top, bottom, HEADER_WIDTH);
  const out = await lease.recognize(band.data, { tessedit_pageseg_mode: '4' });
  const lines = linesFromTsv(out.tsv);
  return parseStoreFromHeader(
    lines.map((l) => l.text).join('\n'),
    lines.map((l) => l.conf),
  );
}

export async function createReceiptScanner(opts: ScannerOptions = {}): Promise<ReceiptScanner> {
  useAllCoresForImages();
  if ((opts.engine ?? 'paddle') === 'paddle') return createPaddleScanner(opts);
  const engine = await OcrEngine.create({
    poolSize: opts.poolSize,
    maxQueue: opts.maxQueue,
    initTimeoutMs: opts.initTimeoutMs,
  });

  const scan = async (image: Buffer, scanOpts: ScanOptions): Promise<ScanResult> => {
    // Cheap checks before taking a worker slot.
    if (!Buffer.isBuffer(image)) throw new TypeError('scan expects a Buffer');
    assertSupportedImage(image);
    const dateOrder: DateOrder = scanOpts?.dateOrder === 'DMY' ? 'DMY' : 'MDY';
    return engine.withWorker(async (lease) => {
      // Decode inside the lease: at most poolSize large rasters are in memory at once.
      const decoded = await decodeImage(image);
      const first = await ocr(engine, lease, decoded, FIRST_PASS);
      let best = { text: first.text, ...parseReceiptDetailed(first.text, { dateOrder, today: scanOpts.today, lineConf: first.lineConf }) };
      // The OCR read and parse the store name came from (the second pass may keep the first's).
      let storeSource = { ocr: first, lines: best.storeLines, score: best.storeScore };
      if (best.quality < GOOD_ENOUGH) {
        const second = await ocr(engine, lease, decoded, SECOND_PASS);
        const alt = { text: second.text, ...parseReceiptDetailed(second.text, { dateOrder, today: scanOpts.today, lineConf: second.lineConf }) };
        if (alt.quality > best.quality) {
          // Keep fields the first pass found and the second did not.
          const a = alt.receipt;
          const b = best.receipt;
          if (a.store_name) storeSource = { ocr: second, lines: alt.storeLines, score: alt.storeScore };
          // Tax, tip and discount are read together (each decides whether the others add up): one pass's, not a mix.
          const charges = a.tax === null && b.tax !== null ? b : a;
          alt.receipt = {
            ...a,
            store_name: a.store_name || b.store_name,
            date: a.date ?? b.date,
            tax: charges.tax,
            tax_included: charges.tax_included,
            tip: charges.tip,
            discount: charges.discount,
            items: a.items.length >= b.items.length ? a.items : b.items,
          };
          best = alt;
        }
      }
      const parsed = best.receipt;
      const text = best.text;
      if (storeSource.score < HEADER_RECHECK_BELOW) {
        const header = await rereadHeader(lease, decoded, storeSource.ocr, storeSource.lines);
        if (header && header.score > storeSource.score + HEADER_MARGIN) parsed.store_name = header.name;
      }
      return { processed_data: parsed, raw_text: text, confidence: best.confidence };
    });
  };

  const scanner: ReceiptScanner = {
    scan,
    stats: () => engine.stats(),
    close: () => engine.close(),
  };
  engines.set(scanner, engine);
  return scanner;
}

const engines = new WeakMap<ReceiptScanner, OcrEngine>();

/** @internal Tests and diagnostics only: the worker pool behind a scanner. */
export function engineOf(scanner: ReceiptScanner): OcrEngine | undefined {
  return engines.get(scanner);
}
