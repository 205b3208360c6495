/**
 * One receipt through PP-OCR: decode and crop, read the text rows, parse the fields. A PDF is
 * read from its text layer, or drawn page by page and read like photos (../pdfReceipt.ts); the
 * rows then go to the same parser. Runs in the scan process (see ../scanProcess), never on the
 * API's event loop.
 */
import { decodeImage, rasterOfPixels, type Box } from '../raster';
import type { DateOrder } from '../parser';
import { parsedRows } from '../parsedRows';
import type { ScannedDocument, ScanResult } from '../types';
import { isPdf } from '../../pdf/open';
import { drawPage, pageJpeg, type DrawnPage } from '../../pdf/draw';
import { PDF_PREVIEW_WIDTH } from '../../../shared/constants/scan';
import { openPdfForScan, pdfTextLayer, printedArea, rowsOfPlacedText } from '../pdfReceipt';
import type { PaddleOcr, TextRow } from './index';

export async function readReceipt(paddle: PaddleOcr, file: Buffer, dateOrder: DateOrder, today?: Date): Promise<ScanResult> {
  if (isPdf(file)) return readPdfReceipt(paddle, file, dateOrder, today);
  const decoded = await decodeImage(file);
  return parsedRows(await paddle.read(decoded), decoded.box, dateOrder, today);
}

async function readPdfReceipt(paddle: PaddleOcr, file: Buffer, dateOrder: DateOrder, today?: Date): Promise<ScanResult> {
  const doc = await openPdfForScan(file);
  try {
    const pages = new PagePreviews(doc.numPages);
    const runs = await pdfTextLayer(doc);
    if (runs.length) {
      const rows = rowsOfPlacedText(runs);
      const read = parsedRows(rows, printedArea(rows), dateOrder, today);
      // Nothing was drawn to read it: each page is drawn once, at the width it is shown at.
      for (let n = 1; n <= doc.numPages; n++) await pages.add(await drawPage(doc, n, PDF_PREVIEW_WIDTH));
      return { ...read, reasons: { ...read.reasons, text_layer: true }, document: pages.document() };
    }
    // A scan saved as PDF: one page drawn at a time, so memory follows a page, not the document;
    // each page's drawing is also its preview, so no page is drawn twice.
    const rows: TextRow[] = [];
    let page: Box | undefined;
    let offset = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      const drawn = await drawPage(doc, n);
      await pages.add(drawn);
      const decoded = await rasterOfPixels(drawn.rgba, drawn.width, drawn.height);
      page ??= decoded.box;
      // The store's name is on the first page: later pages' top rows need no second reading.
      for (const row of await paddle.read(decoded, {}, { header: n === 1 })) rows.push({ ...row, box: { ...row.box, top: row.box.top + offset } });
      offset += decoded.height;
    }
    return { ...parsedRows(rows, page!, dateOrder, today), document: pages.document() };
  } finally {
    await doc.destroy();
  }
}

/** A PDF's pages as the JPEG data URLs the review screen shows, collected as they are drawn. */
class PagePreviews {
  private readonly jpegs: string[] = [];
  constructor(private readonly count: number) {}

  async add(drawn: DrawnPage): Promise<void> {
    this.jpegs.push(`data:image/jpeg;base64,${(await pageJpeg(drawn, PDF_PREVIEW_WIDTH)).toString('base64')}`);
  }

  document(): ScannedDocument {
    const [preview, ...later] = this.jpegs;
    return { pages: this.count, preview: preview!, ...(later.length ? { later_pages: later } : {}) };
  }
}
