// pdfjs-dist ships only ES modules. This loader is CommonJS that is never compiled, so its
// import() stays an import() everywhere (ts-jest turns import() in TypeScript into require(),
// which cannot load an ES module on Node 20).
module.exports = () => import('pdfjs-dist/legacy/build/pdf.mjs');
