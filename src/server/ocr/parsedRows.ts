/** Rows of text into the receipt's fields: the one parser and picker every kind of receipt ends in (photo, PDF, mail). */
import type { Box } from './raster';
import { parseReceiptDetailed, receiptCandidates, type DateOrder } from './parser';
import { keptCandidates } from './picker/candidates';
import { rowsToText, type TextRow } from './paddle/rows';
import type { ScanResult } from './types';

export function parsedRows(rows: TextRow[], page: Box, dateOrder: DateOrder, today?: Date): ScanResult {
  const { text, layout } = rowsToText(rows, page);
  const opts = { dateOrder, today, lineConf: layout.map((l) => l.conf), layout };
  const parsed = parseReceiptDetailed(text, opts);
  const { store_name, date, total_amount } = parsed.receipt;
  // The candidates again (a few milliseconds beside the OCR), kept so a person's own weights can rank them.
  const candidates = keptCandidates(receiptCandidates(text, opts), { store: store_name, date, total: total_amount });
  return { processed_data: parsed.receipt, raw_text: text, confidence: parsed.confidence, reasons: parsed.reasons, candidates };
}
