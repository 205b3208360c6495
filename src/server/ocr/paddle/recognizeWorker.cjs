// Starts a recognition worker from TypeScript source (see ../scanProcess/entry.cjs).
if (!require.extensions['.ts']) require('tsx/cjs/api').register();
module.exports = require('./recognizeWorker.ts');
