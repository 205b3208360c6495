/**
 * Bundle benchmark: builds the web app and prints, gzip-compressed, the JavaScript needed to show
 * /login and / (entry chunks plus the route's lazy chunk group), and every lazy chunk on its own.
 * Target: under 200 KB gzip for a first load; Chart.js only in the analytics chunk.
 *
 *   npm run bench:bundle
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

interface ChunkGroup {
  name: string;
  assets: { name: string }[];
}
interface Stats {
  entrypoints: Record<string, ChunkGroup>;
  namedChunkGroups: Record<string, ChunkGroup>;
  modules: { name?: string; chunks?: (string | number)[] }[];
  chunks: { id: string | number; files: string[] }[];
}

const root = path.resolve(__dirname, '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-bundle-'));
const statsFile = path.join(out, 'stats.json');
execFileSync(path.join(root, 'node_modules/.bin/webpack'), ['--mode', 'production', `--json=${statsFile}`], {
  cwd: root,
  env: { ...process.env, WEB_OUT_DIR: out },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as Stats;

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(out, file)), { level: 9 }).length;
const js = (group: ChunkGroup | undefined) => (group?.assets ?? []).map((a) => a.name).filter((n) => n.endsWith('.js'));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const entry = js(stats.entrypoints.main);
// Every first load: the entry and the rest of start-up, which the entry asks for at once.
const startUp = [...new Set([...entry, ...js(stats.namedChunkGroups.start)])];
// Files holding any module of chart.js (by module path, since minified code has no names).
const chartChunkIds = new Set(stats.modules.filter((m) => m.name?.includes('node_modules/chart.js/')).flatMap((m) => m.chunks ?? []));
const chartFiles = new Set(stats.chunks.filter((c) => chartChunkIds.has(c.id)).flatMap((c) => c.files));
const routes: [string, string[]][] = [
  // `start`: the rest of start-up, which the entry asks for at once (index.html preloads it).
  ['/login', ['start', 'login']],
  ['/ (signed in)', ['start', 'shell', 'dashboard']],
];
console.log('First load (gzip, JavaScript)');
console.log('| page | files | size | target |');
console.log('| --- | --- | --- | --- |');
for (const [page, groups] of routes) {
  const files = [...new Set([...entry, ...groups.flatMap((g) => js(stats.namedChunkGroups[g]))])];
  const total = files.reduce((s, f) => s + gz(f), 0);
  console.log(`| ${page} | ${files.length} | ${kb(total)} | ${total < 200 * 1024 ? 'under 200 KB' : 'OVER 200 KB'} |`);
}

console.log('\nLazy chunks (gzip)');
console.log('| chunk | size | has chart.js |');
console.log('| --- | --- | --- |');
for (const [name, group] of Object.entries(stats.namedChunkGroups).sort()) {
  if (name === 'main') continue;
  // What the chunk adds to a page that has started (start-up's own chunk: to the entry).
  const files = js(group).filter((f) => !(name === 'start' ? entry : startUp).includes(f));
  const size = files.reduce((s, f) => s + gz(f), 0);
  const hasChart = files.some((f) => chartFiles.has(f));
  console.log(`| ${name} | ${kb(size)} | ${hasChart ? 'yes' : 'no'} |`);
}
const entryHasChart = startUp.some((f) => chartFiles.has(f));
console.log(`\nChart.js in the entry chunks: ${entryHasChart ? 'YES (should not be)' : 'no'}`);
fs.rmSync(out, { recursive: true, force: true });
