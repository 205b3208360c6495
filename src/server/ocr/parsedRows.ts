/** Rows of text into the receipt's fields: the one parser and picker every kind of receipt ends in (photo, PDF, mail). */
import type { Box } from './raster';
import { parseReceiptDetailed, type DateOrder } from './parser';
import { rowsToText, type TextRow } from './paddle/rows';
import type { ScanResult } from './types';

export function parsedRows(rows: TextRow[], page: Box, dateOrder: DateOrder, today?: Date): ScanResult {
  const { text, layout } = rowsToText(rows, page);
  const parsed = parseReceiptDetailed(text, { dateOrder, today, lineConf: layout.map((l) => l.conf), layout });
  return { processed_data: parsed.receipt, raw_text: text, confidence: parsed.confidence, reasons: parsed.reasons };
}
