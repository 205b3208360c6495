/** Rows of text into the receipt's fields: the one parser and picker every kind of receipt ends in (photo, PDF, mail). */
import type { Box } from './raster';
import { parseReceiptDetailed, type DateOrder, type ParseOptions } from './parser';
import { keptCandidates, type PickerCandidates } from './picker/candidates';
import { rowsToText, type TextRow } from './paddle/rows';
import type { ScanResult } from './types';

/** Text into the receipt's fields, one parse, with the candidates kept so a person's own weights can rank them. */
export function parsedText(text: string, opts: ParseOptions): ScanResult & { candidates: PickerCandidates } {
  const parsed = parseReceiptDetailed(text, opts);
  const { store_name, date, total_amount } = parsed.receipt;
  const candidates = keptCandidates(parsed.candidates, { store: store_name, date, total: total_amount });
  return { processed_data: parsed.receipt, raw_text: text, confidence: parsed.confidence, reasons: parsed.reasons, candidates };
}

export function parsedRows(rows: TextRow[], page: Box, dateOrder: DateOrder, today?: Date): ScanResult {
  const { text, layout } = rowsToText(rows, page);
  return parsedText(text, { dateOrder, today, lineConf: layout.map((l) => l.conf), layout });
}
