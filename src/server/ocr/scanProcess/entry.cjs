// Starts the scan process from TypeScript source: registers tsx unless the parent's loader
// (tsx's CLI passes it on) already handles .ts files.
if (!require.extensions['.ts']) require('tsx/cjs/api').register();
require('./child.ts');
