// Adds up the jest result files of one `npm test` run and prints one closing line.
const fs = require('node:fs');
const path = require('node:path');
const dir = path.resolve(__dirname, '../artifacts/test-results');
let passed = 0,
  failed = 0,
  skipped = 0;
for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  const r = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  skipped += r.numPendingTests + r.numTodoTests;
}
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
