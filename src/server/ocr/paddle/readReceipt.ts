/**
 * One receipt through PP-OCR: decode and crop, read the text rows, parse the fields. A PDF is
 * read from its text layer, or drawn page by page and read like photos (../pdfReceipt.ts); the
 * rows then go to the same parser. Runs in the scan process (see ../scanProcess), never on the
 * API's event loop.
 */
import { decodeImage, type Box } from '../raster';
import type { DateOrder } from '../parser';
import { parsedRows } from '../parsedRows';
import type { ScanResult } from '../types';
import { isPdf } from '../../pdf/open';
import { openPdfForScan, pdfTextLayer, printedArea, renderPage, rowsOfPlacedText } from '../pdfReceipt';
import type { PaddleOcr, TextRow } from './index';

/** Width of the first page's picture the review screen shows. */
const PREVIEW_WIDTH = 900;

export async function readReceipt(paddle: PaddleOcr, file: Buffer, dateOrder: DateOrder, today?: Date): Promise<ScanResult> {
  if (isPdf(file)) return readPdfReceipt(paddle, file, dateOrder, today);
  const decoded = await decodeImage(file);
  return parsedRows(await paddle.read(decoded), decoded.box, dateOrder, today);
}

async function readPdfReceipt(paddle: PaddleOcr, file: Buffer, dateOrder: DateOrder, today?: Date): Promise<ScanResult> {
  const doc = await openPdfForScan(file);
  try {
    const preview = `data:image/jpeg;base64,${(await renderPage(doc, 1, 'jpeg', PREVIEW_WIDTH)).toString('base64')}`;
    const document = { pages: doc.numPages, preview };
    const runs = await pdfTextLayer(doc);
    if (runs.length) {
      const rows = rowsOfPlacedText(runs);
      return { ...parsedRows(rows, printedArea(rows), dateOrder, today), document };
    }
    // A scan saved as PDF: one page drawn at a time, so memory follows a page, not the document.
    const rows: TextRow[] = [];
    let page: Box | undefined;
    let offset = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      const decoded = await decodeImage(await renderPage(doc, n, 'png'));
      page ??= decoded.box;
      for (const row of await paddle.read(decoded)) rows.push({ ...row, box: { ...row.box, top: row.box.top + offset } });
      offset += decoded.height;
    }
    return { ...parsedRows(rows, page!, dateOrder, today), document };
  } finally {
    await doc.destroy();
  }
}
