/**
 * A PDF original's first page as the picture a receipt shows, drawn once when the receipt is
 * saved with it (a PDF saved from a draft keeps the page its scan drew instead).
 */
import { PDF_PREVIEW_WIDTH } from '../../shared/constants/scan';
import { drawPage, pageJpeg } from './draw';
import { openPdf } from './open';

export interface FirstPage {
  jpeg: Buffer;
  pages: number;
}

/**
 * The first page as a JPEG, and the number of pages; null when the page cannot be drawn (the
 * receipt then shows a PDF mark: the original is kept all the same).
 */
export async function firstPageOf(pdf: Buffer): Promise<FirstPage | null> {
  let doc;
  try {
    doc = await openPdf(pdf);
  } catch {
    return null;
  }
  try {
    return { jpeg: await pageJpeg(await drawPage(doc, 1, PDF_PREVIEW_WIDTH), PDF_PREVIEW_WIDTH), pages: doc.numPages };
  } catch {
    return null;
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
