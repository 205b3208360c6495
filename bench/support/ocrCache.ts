/**
 * The OCR engine's reading of dataset receipts, cached under .cache/scan-ocr/<set>/ so that the
 * picker can be refitted and re-measured without reading every image again. The cache holds
 * what the scanner's parser receives (text lines and their layout), nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodeImage } from '../../src/server/ocr/image';
import { PaddleOcr, rowsToText } from '../../src/server/ocr/paddle';
import type { LineLayout } from '../../src/server/ocr/parser';

export interface CachedRead {
  text: string;
  layout: LineLayout[];
}

const CACHE = path.resolve(__dirname, '../../.cache/scan-ocr');
let engine: Promise<PaddleOcr> | null = null;

export async function readCached(dir: string, file: string, fresh = false): Promise<CachedRead> {
  const cached = path.join(CACHE, path.basename(dir), `${file}.json`);
  if (!fresh && fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, 'utf8')) as CachedRead;
  engine ??= PaddleOcr.create();
  const decoded = await decodeImage(fs.readFileSync(path.join(dir, file)));
  const read = rowsToText(await (await engine).read(decoded), decoded.box);
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  fs.writeFileSync(cached, JSON.stringify(read));
  return read;
}

export async function closeCachedEngine(): Promise<void> {
  if (engine) await (await engine).close();
  engine = null;
}
