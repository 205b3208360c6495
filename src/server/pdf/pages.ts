/**
 * A PDF original's pages as the pictures a receipt shows, drawn once when the receipt is saved
 * with it (a PDF saved from a draft keeps the pages its scan drew instead).
 */
import { PDF_PREVIEW_WIDTH } from '../../shared/constants/scan';
import { drawPage, pageJpeg } from './draw';
import { openPdf } from './open';

export interface DrawnPages {
  /** Every page as a JPEG, in order (the first is the receipt's picture). */
  jpegs: Buffer[];
  pages: number;
}

/**
 * Every page as a JPEG, drawn one at a time at the width it is shown at (only the JPEGs are held,
 * never two drawings), and the number of pages; null when a page cannot be drawn (the receipt
 * then shows a PDF mark: the original is kept all the same).
 */
export async function pagesOf(pdf: Buffer): Promise<DrawnPages | null> {
  let doc;
  try {
    doc = await openPdf(pdf);
  } catch {
    return null;
  }
  try {
    const jpegs: Buffer[] = [];
    for (let n = 1; n <= doc.numPages; n++) jpegs.push(await pageJpeg(await drawPage(doc, n, PDF_PREVIEW_WIDTH), PDF_PREVIEW_WIDTH));
    return { jpegs, pages: doc.numPages };
  } catch {
    return null;
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
