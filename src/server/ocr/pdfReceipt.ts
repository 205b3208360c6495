/**
 * A PDF receipt into the rows the parser reads, so a PDF and a photo share one picker. A PDF
 * with a text layer (most e-receipts) is read from its text: exact letters and digits, no OCR.
 * A scanned PDF is drawn page by page and each page read by PP-OCR like a photo; the pages'
 * rows follow each other, so a receipt of several pages is read as one.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { openPdf, PdfRefusedError } from '../pdf/open';
import { OcrInputError } from './errors';
import type { Box } from './raster';
import type { TextRow } from './paddle/rows';

/** A run of text as the PDF places it, in points from the top of the receipt (all pages stacked). */
export interface PlacedText {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Fewer letters and digits than this on every page: a scan saved as PDF, read by OCR instead. */
const MIN_TEXT_CHARS = 12;
/** The gap (in character widths) that the parser reads as a column break, as OCR rows keep it. */
const COLUMN_GAP_CHARS = 2;
const WIDE_GAP = '    ';
/** Points to pixels for the parser's text heights: PP-OCR reads photos at about this scale. */
const POINT_SCALE = 2;

/** The text runs of one page, moved down by `offset` points (the pages above it). */
async function placedTextOf(page: PDFPageProxy, offset: number): Promise<PlacedText[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const placed: PlacedText[] = [];
  for (const item of content.items as TextItem[]) {
    if (typeof item.str !== 'string' || !item.str.trim()) continue;
    // The item's baseline origin in the page's upright (viewport) coordinates.
    const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]);
    const height = Math.abs(item.height || Math.hypot(item.transform[2], item.transform[3])) || 1;
    placed.push({ text: item.str, left: x, top: offset + y - height, width: Math.abs(item.width), height });
  }
  return placed;
}

/**
 * Text runs joined into the receipt's lines, top to bottom: runs whose middles lie within half a
 * line of each other share a line, left to right, a wide gap kept as a run of spaces (as OCR rows
 * keep it, which the parser uses to tell names from prices).
 */
export function rowsOfPlacedText(runs: PlacedText[]): TextRow[] {
  const sorted = [...runs].sort((a, b) => a.top + a.height / 2 - (b.top + b.height / 2) || a.left - b.left);
  const lines: PlacedText[][] = [];
  for (const run of sorted) {
    const mid = run.top + run.height / 2;
    const line = lines[lines.length - 1];
    const lineMid = line ? line.reduce((s, r) => s + r.top + r.height / 2, 0) / line.length : -Infinity;
    if (line && Math.abs(mid - lineMid) <= Math.max(run.height, line[0].height) / 2) line.push(run);
    else lines.push([run]);
  }
  return lines.map((line) => {
    line.sort((a, b) => a.left - b.left);
    let text = '';
    let end = -Infinity;
    for (const run of line) {
      const charWidth = run.width / Math.max(1, run.text.length) || run.height / 2;
      const gap = run.left - end;
      if (text) text += gap > COLUMN_GAP_CHARS * charWidth ? WIDE_GAP : gap > charWidth * 0.25 && !/\s$/.test(text) && !/^\s/.test(run.text) ? ' ' : '';
      text += run.text;
      end = Math.max(end, run.left + run.width);
    }
    const left = Math.min(...line.map((r) => r.left));
    const top = Math.min(...line.map((r) => r.top));
    const bottom = Math.max(...line.map((r) => r.top + r.height));
    const height = line.reduce((s, r) => s + r.height, 0) / line.length;
    return {
      text: text.replace(/\s+$/, ''),
      conf: 100,
      box: { left: left * POINT_SCALE, top: top * POINT_SCALE, width: (end - left) * POINT_SCALE, height: (bottom - top) * POINT_SCALE },
      height: height * POINT_SCALE,
    };
  });
}

/** The printed area of the rows: where the text is, as the photo's crop finds it. */
export function printedArea(rows: TextRow[]): Box {
  if (!rows.length) return { left: 0, top: 0, width: 1, height: 1 };
  const left = Math.min(...rows.map((r) => r.box.left));
  const top = Math.min(...rows.map((r) => r.box.top));
  const right = Math.max(...rows.map((r) => r.box.left + r.box.width));
  const bottom = Math.max(...rows.map((r) => r.box.top + r.box.height));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/** Every page's text runs, stacked; empty when the PDF has (next to) no text layer. */
export async function pdfTextLayer(doc: PDFDocumentProxy): Promise<PlacedText[]> {
  const runs: PlacedText[] = [];
  let offset = 0;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    runs.push(...(await placedTextOf(page, offset)));
    offset += page.getViewport({ scale: 1 }).height;
    page.cleanup();
  }
  const chars = runs.reduce((s, r) => s + (r.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0);
  return chars >= MIN_TEXT_CHARS ? runs : [];
}

/** Opens the PDF for reading: a refusal becomes the scan's input error (a 400 with its reason). */
export async function openPdfForScan(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  try {
    return await openPdf(bytes);
  } catch (err) {
    throw err instanceof PdfRefusedError ? new OcrInputError(err.message) : err;
  }
}
