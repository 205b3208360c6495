// pdfjs-dist ships only ES modules. This loader is CommonJS that is never compiled, so its
// import() stays an import() everywhere (ts-jest turns import() in TypeScript into require(),
// which cannot load an ES module on Node 20).
module.exports = async () => {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.mjs')]);
  // pdfjs reads in this thread with the worker's code it finds here; without it the first PDF
  // opened would load that code itself, inside the first scan's time limit.
  globalThis.pdfjsWorker = worker;
  return pdfjs;
};
