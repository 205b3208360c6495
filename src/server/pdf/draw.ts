/**
 * A PDF page drawn to pixels (pdfjs on @napi-rs/canvas): for the OCR, which reads them raw, and
 * as the JPEG a person sees of a PDF. One page at a time, at most SCANNED_PDF_PAGE_PIXELS, so
 * memory follows a page, not the document.
 */
import type Sharp from 'sharp';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';
import { SCANNED_PDF_PAGE_PIXELS } from '../../shared/constants/scan';
import { onFirstUse } from '../onFirstUse';

// A receipt save imports this module for a PDF's pages; only a PDF needs sharp here.
const sharp = onFirstUse<typeof Sharp>('sharp');

/** The largest scale a page is drawn at: about 200 dpi, and never more than SCANNED_PDF_PAGE_PIXELS. */
export function renderScale(widthPt: number, heightPt: number): number {
  const dpiScale = 200 / 72;
  return Math.min(dpiScale, Math.sqrt(SCANNED_PDF_PAGE_PIXELS / Math.max(1, widthPt * heightPt)));
}

/** A page drawn white-backed: its pixels, RGBA, row by row. */
export interface DrawnPage {
  rgba: Uint8Array;
  width: number;
  height: number;
}

/**
 * One page drawn white-backed, at most `maxWidth` pixels wide when given. The pixels are handed
 * over raw: the OCR and the preview read them without a PNG encoded and decoded in between.
 */
export async function drawPage(doc: PDFDocumentProxy, n: number, maxWidth?: number): Promise<DrawnPage> {
  // pdfjs's own canvas factory (@napi-rs/canvas in Node): its glyph paths must come from the same copy of the library as the canvas.
  const factory = doc.canvasFactory as CanvasFactory;
  const page = await doc.getPage(n);
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(renderScale(base.width, base.height), maxWidth ? maxWidth / base.width : Infinity);
  const viewport = page.getViewport({ scale });
  const drawn = factory.create(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
  try {
    const { width, height } = drawn.canvas;
    drawn.context.fillStyle = '#fff';
    drawn.context.fillRect(0, 0, width, height);
    await page.render({ canvas: drawn.canvas as unknown as HTMLCanvasElement, viewport }).promise;
    const pixels = drawn.context.getImageData(0, 0, width, height).data;
    return { rgba: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength), width, height };
  } finally {
    factory.destroy(drawn);
    page.cleanup();
  }
}

/** What pdfjs's Node canvas factory hands out: an @napi-rs/canvas canvas and its 2D context. */
interface DrawnCanvas {
  canvas: { width: number; height: number };
  context: {
    fillStyle: string;
    fillRect(x: number, y: number, w: number, h: number): void;
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}
interface CanvasFactory {
  create(width: number, height: number): DrawnCanvas;
  destroy(drawn: DrawnCanvas): void;
}

/** A drawn page as the JPEG the review screen shows, at most `maxWidth` pixels wide. */
export function pageJpeg(page: DrawnPage, maxWidth: number): Promise<Buffer> {
  return sharp()(page.rgba, { raw: { width: page.width, height: page.height, channels: 4 } })
    .resize({ width: maxWidth, withoutEnlargement: true })
    .removeAlpha()
    .jpeg({ quality: 80 })
    .toBuffer();
}
