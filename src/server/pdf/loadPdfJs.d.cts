declare const loadPdfJs: () => Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')>;
export = loadPdfJs;
