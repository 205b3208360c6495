/**
 * One receipt through PP-OCR: decode and crop, read the text rows, parse the fields. Runs in
 * the scan process (see ../scanProcess), never on the API's event loop.
 */
import { decodeImage } from '../raster';
import { parseReceiptDetailed, type DateOrder } from '../parser';
import type { ScanResult } from '../types';
import { rowsToText, type PaddleOcr } from './index';

export async function readReceipt(paddle: PaddleOcr, image: Buffer, dateOrder: DateOrder, today?: Date): Promise<ScanResult> {
  const decoded = await decodeImage(image);
  const rows = await paddle.read(decoded);
  const { text, layout } = rowsToText(rows, decoded.box);
  const parsed = parseReceiptDetailed(text, { dateOrder, today, lineConf: layout.map((l) => l.conf), layout });
  return { processed_data: parsed.receipt, raw_text: text, confidence: parsed.confidence };
}
