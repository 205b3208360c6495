/**
 * The server's one way to open a PDF (a receipt's original, or the file a scan reads), with the
 * checks that make it safe to keep and to read: not encrypted, no JavaScript, at most
 * MAX_PDF_PAGES pages, and whole. pdfjs-dist is loaded on first use (an ES module, see
 * loadPdfJs.cjs) and runs with eval off, so nothing in a file is ever run as code.
 */
import path from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';
import { MAX_PDF_PAGES } from '../../shared/constants/scan';

import importPdfJs from './loadPdfJs.cjs';

let pdfjs: ReturnType<typeof importPdfJs> | undefined;
/** Loads pdfjs now (the scan process does as it starts, so no scan's time limit pays for it). */
export const loadPdfJs = () => (pdfjs ??= importPdfJs());

/** Why a PDF is refused, in the words a person sees. */
export class PdfRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfRefusedError';
  }
}

export const PDF_ENCRYPTED = 'This PDF is password-protected or encrypted. Save it without a password and try again.';
export const PDF_HAS_SCRIPT = 'This PDF contains JavaScript, which Tally does not open. Print it to a new PDF and try again.';
export const PDF_TOO_MANY_PAGES = `This PDF has more than ${MAX_PDF_PAGES} pages. A receipt must be ${MAX_PDF_PAGES} pages or fewer.`;
export const PDF_BROKEN = 'This PDF is damaged or incomplete and cannot be read.';
export const PDF_EMPTY = 'This PDF has no pages.';

/** True when the bytes start like a PDF ('%PDF-'); the type is told by the bytes, never the name. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/*
 * Raw names, found before pdfjs parses anything: an /Encrypt entry sits in the trailer (or the
 * cross-reference stream's dictionary, which is never compressed), and a script names /JS or
 * /JavaScript wherever an uncompressed action is. Scripts inside compressed object streams are
 * found by pdfjs below (document, page and form actions).
 */
const ENCRYPT_RE = /\/Encrypt\b/;
const SCRIPT_RE = /\/(JavaScript|JS)\b/;

/** The bundled standard fonts, so pdfjs never looks for them anywhere else. */
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Opens a PDF, refused with a PdfRefusedError (its reason) when it is not one Tally keeps. */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  if (!isPdf(bytes)) throw new PdfRefusedError(PDF_BROKEN);
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (ENCRYPT_RE.test(raw)) throw new PdfRefusedError(PDF_ENCRYPTED);
  if (SCRIPT_RE.test(raw)) throw new PdfRefusedError(PDF_HAS_SCRIPT);
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const task = getDocument({
    // pdfjs takes the buffer over (transfers it): give it a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    enableXfa: false,
    stopAtErrors: true,
    verbosity: VerbosityLevel.ERRORS,
    standardFontDataUrl: STANDARD_FONTS,
    useSystemFonts: false,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    throw new PdfRefusedError((err as Error)?.name === 'PasswordException' ? PDF_ENCRYPTED : PDF_BROKEN);
  }
  try {
    if (doc.numPages < 1) throw new PdfRefusedError(PDF_EMPTY);
    if (doc.numPages > MAX_PDF_PAGES) throw new PdfRefusedError(PDF_TOO_MANY_PAGES);
    if ((await doc.getJSActions()) || (await doc.getFieldObjects().then(hasFieldScript))) throw new PdfRefusedError(PDF_HAS_SCRIPT);
    return doc;
  } catch (err) {
    await doc.destroy().catch(() => undefined);
    throw err instanceof PdfRefusedError ? err : new PdfRefusedError(PDF_BROKEN);
  }
}

function hasFieldScript(fields: Record<string, Array<{ actions?: unknown }>> | null): boolean {
  return Object.values(fields ?? {}).some((list) => list.some((f) => f.actions));
}

/**
 * Whether the bytes are a PDF Tally keeps: the reason it is not, or null. The document is opened
 * and closed again (the catalogue and page tree only, no page is drawn).
 */
export async function pdfRefusal(bytes: Uint8Array): Promise<string | null> {
  try {
    const doc = await openPdf(bytes);
    await doc.destroy();
    return null;
  } catch (err) {
    if (err instanceof PdfRefusedError) return err.message;
    throw err;
  }
}
