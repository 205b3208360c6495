/**
 * A receipt that arrives as text (an HTML or plain-text e-receipt sent by mail): its lines are
 * placed as a text-layer PDF's runs would be and read by the same picker, with full confidence,
 * so an e-receipt in a mail and one in a PDF are read alike. Pure and quick: it runs in the
 * process that asks, no scan process needed.
 */
import type { DateOrder } from './parser';
import { OcrInputError } from './errors';
import { parsedRows } from './parsedRows';
import { printedArea, rowsOfPlacedText, type PlacedText } from './pdfReceipt';
import type { ScanResult } from './types';

/** A monospaced page in points: a character's width and a line's height, as a small receipt prints them. */
const CHAR_WIDTH = 6;
const LINE_HEIGHT = 14;
const TEXT_HEIGHT = 10;

export const NO_RECEIPT_TEXT = 'This message has no text to read as a receipt. Enter it by hand, or discard it.';

/** The text's lines as placed runs: indented by their leading spaces, one line below the other. */
export function placedLines(text: string): PlacedText[] {
  return text.split('\n').flatMap((line, i) => {
    const trimmed = line.trim();
    if (!trimmed) return [];
    const indent = line.length - line.trimStart().length;
    return [{ text: trimmed, left: indent * CHAR_WIDTH, top: i * LINE_HEIGHT, width: trimmed.length * CHAR_WIDTH, height: TEXT_HEIGHT }];
  });
}

export function readTextReceipt(text: string, dateOrder: DateOrder, today?: Date): ScanResult {
  const rows = rowsOfPlacedText(placedLines(text));
  if (!rows.some((r) => /[\p{L}\p{N}]/u.test(r.text))) throw new OcrInputError(NO_RECEIPT_TEXT);
  return parsedRows(rows, printedArea(rows), dateOrder, today);
}
