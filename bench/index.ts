/**
 * Every benchmark, one after another, each printing its own table:
 * bundle, API, Lighthouse, analytics (small sizes), recurring bills, scan and memory.
 *
 *   npm run bench                      # all
 *   npm run bench -- api lighthouse    # only these
 *
 * They run one at a time, in their own processes: on a small machine two benchmarks at once
 * would measure each other. A failing benchmark is reported and the others still run.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

const BENCHES: Record<string, string[]> = {
  bundle: ['bench/bundle.ts'],
  api: ['bench/api.ts'],
  abuse: ['bench/abuse.ts'],
  lighthouse: ['bench/lighthouse.ts'],
  // The full sizes (up to 1M receipts) take long: `npm run bench:analytics` runs them.
  analytics: ['bench/analytics.ts', '--sizes', '1000,10000', '--calls', '100'],
  recurring: ['bench/recurring.ts'],
  scan: ['bench/scan.ts'],
  memory: ['bench/memory.ts'],
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in BENCHES));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}

const failed: string[] = [];
for (const [name, argv] of Object.entries(BENCHES)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n## ${name} (${['tsx', ...argv].join(' ')})\n`);
  const started = Date.now();
  const run = spawnSync(tsx, argv, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed.push(name);
  console.log(`\n(${name}: ${((Date.now() - started) / 1000).toFixed(0)} s${run.status !== 0 ? `, FAILED with ${run.status ?? run.signal}` : ''})`);
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
