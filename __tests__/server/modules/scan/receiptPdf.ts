import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';

/** A line of an e-receipt: text on the left, an amount on the right (optional), and its size. */
export type PdfLine = [string, string?, number?];

/**
 * An e-receipt PDF with a text layer, as shops' systems write them: each page A4, A5 or a long
 * till roll, lines of text in the given font, amounts right-aligned. Lines past a page's foot go
 * on the next page (a receipt of several pages).
 */
export async function receiptPdf(
  lines: PdfLine[],
  opts: { font?: StandardFonts; size?: [number, number]; margin?: number; linesPerPage?: number } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font: PDFFont = await doc.embedFont(opts.font ?? StandardFonts.Helvetica);
  const [width, height] = opts.size ?? [595, 842];
  const margin = opts.margin ?? 40;
  const perPage = opts.linesPerPage ?? Infinity;
  let page = doc.addPage([width, height]);
  let y = height - margin;
  let onPage = 0;
  for (const [left, right, size = 11] of lines) {
    if (onPage >= perPage || y < margin) {
      page = doc.addPage([width, height]);
      y = height - margin;
      onPage = 0;
    }
    page.drawText(left, { x: margin, y, size, font });
    if (right) page.drawText(right, { x: width - margin - font.widthOfTextAtSize(right, size), y, size, font });
    y -= size * 1.6;
    onPage++;
  }
  return Buffer.from(await doc.save());
}

/** A scanned receipt: the photo as the only thing on each page, no text layer (pages repeat it). */
export async function scannedPdf(jpeg: Buffer, pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(jpeg);
  for (let i = 0; i < pages; i++) {
    // About 200 dpi, as a scanner saves it.
    const page = doc.addPage([(image.width * 72) / 200, (image.height * 72) / 200]);
    page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  }
  return Buffer.from(await doc.save());
}

/** A photo of the train set, read where it lies (images are never copied into the repository). */
export function trainPhoto(name: string): Buffer {
  const root = process.env.TALLY_DATASETS ?? path.resolve(__dirname, '../../../../../shared/datasets');
  return fs.readFileSync(path.join(root, name));
}

export const pdfDataUrl = (pdf: Buffer) => `data:application/pdf;base64,${pdf.toString('base64')}`;

/** An online shop's order confirmation: the store large, a date, two items, shipping and the total. */
export const ONLINE_ORDER: PdfLine[] = [
  ['Northwind Outfitters', undefined, 20],
  ['Order confirmation'],
  ['Order date: 2026-02-11'],
  ['Rain jacket', '89.00'],
  ['Wool socks', '12.50'],
  ['Subtotal', '101.50'],
  ['Shipping', '4.95'],
  ['Total', '106.45'],
];
