/**
 * The OCR engine's reading of dataset receipts, cached under .cache/scan-segments/<set>/ (or
 * TALLY_SCAN_CACHE) so that the picker can be refitted and re-measured without reading every
 * image again. The cache holds the recognised segments and the printed area, so changes to how
 * segments become rows are measured from the cache too; the text and layout the parser receives
 * are built from them. A change to detection or recognition needs a fresh cache.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodeImage } from '../../src/server/ocr/raster';
import type { Box } from '../../src/server/ocr/raster';
import { PaddleOcr, rowsToText, textRows, type ReadSegment } from '../../src/server/ocr/paddle';
import type { LineLayout } from '../../src/server/ocr/parser';

export interface CachedRead {
  text: string;
  layout: LineLayout[];
}

const CACHE = process.env.TALLY_SCAN_CACHE ?? path.resolve(__dirname, '../../.cache/scan-segments');

interface CachedSegments {
  box: Box;
  segments: ReadSegment[];
}
let engine: Promise<PaddleOcr> | null = null;

export async function readCached(dir: string, file: string, fresh = false): Promise<CachedRead> {
  const cached = path.join(CACHE, path.basename(dir), `${file}.json`);
  let read: CachedSegments;
  if (!fresh && fs.existsSync(cached)) read = JSON.parse(fs.readFileSync(cached, 'utf8')) as CachedSegments;
  else {
    engine ??= PaddleOcr.create();
    const decoded = await decodeImage(fs.readFileSync(path.join(dir, file)));
    read = { box: decoded.box, segments: await (await engine).readSegments(decoded) };
    fs.mkdirSync(path.dirname(cached), { recursive: true });
    fs.writeFileSync(cached, JSON.stringify(read));
  }
  return rowsToText(textRows(read.segments), read.box);
}

export async function closeCachedEngine(): Promise<void> {
  if (engine) await (await engine).close();
  engine = null;
}
