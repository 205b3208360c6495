/**
 * Every benchmark, one after another, each printing its own table, and the latest figure of each
 * written to bench/RESULTS.md (support/results.ts).
 *
 *   npm run bench                      # bundle, API, abuse, Lighthouse, analytics (small sizes),
 *                                      # recurring bills, scan, Actual beside Tally and memory
 *   npm run bench -- api lighthouse    # only these; named, the longer ones run too (import, inbox, …)
 *
 * They run one at a time, in their own processes: on a small machine two benchmarks at once
 * would measure each other. A failing benchmark is reported, keeps its previous row, and the
 * others still run.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { FIGURES, loadNow, machineName, readResults, writeResults } from './support/results';

const root = path.resolve(__dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const RESULTS = path.join(__dirname, 'RESULTS.md');

interface Bench {
  argv: string[];
  /** What the figure is held to, as RESULTS.md says it. */
  target: string;
  /** Run by a bare `npm run bench`; the others take minutes more, or PostgreSQL, Redis or HAProxy. */
  byDefault: boolean;
  figure: (output: string) => string | null;
}

const BENCHES: Record<string, Bench> = {
  bundle: { argv: ['bench/bundle.ts'], target: 'first load < 200 KB gzip; Chart.js not in it', byDefault: true, figure: FIGURES.bundle },
  api: { argv: ['bench/api.ts'], target: '≥ 40% of bare Fastify, p99 < 25 ms', byDefault: true, figure: FIGURES.api },
  abuse: { argv: ['bench/abuse.ts'], target: "other person's GET p99 < 50 ms", byDefault: true, figure: FIGURES.abuse },
  // Hostile bank statements instead (issue 49's files and a real one committed): minutes, not seconds.
  'abuse-statements': {
    argv: ['bench/abuse.ts', '--statements'],
    target: "other person's GET p99 < 50 ms, /healthz always 200, API RSS < 600 MB",
    byDefault: false,
    figure: FIGURES.abuse,
  },
  'abuse-statements-pg': {
    argv: ['bench/abuse.ts', '--statements', '--pg'],
    target: "other person's GET p99 < 50 ms, /healthz always 200, API RSS < 600 MB",
    byDefault: false,
    figure: FIGURES.abuse,
  },
  lighthouse: {
    argv: ['bench/lighthouse.ts', '--runs', '5'],
    target: "performance ≥ 95 desktop, ≥ 85 mobile, ≥ 95 with LCP < 2.5 s for the dashboard's first visit on mobile (median of 5); accessibility 100",
    byDefault: true,
    figure: FIGURES.lighthouse,
  },
  // The full sizes (up to 1M receipts) take long: analytics-1m runs them.
  analytics: {
    argv: ['bench/analytics.ts', '--sizes', '1000,10000', '--calls', '100'],
    target: '< 10 ms median, no growth with size',
    byDefault: true,
    figure: FIGURES.analytics,
  },
  'analytics-1m': {
    argv: ['bench/analytics.ts'],
    target: "< 10 ms median at 1M receipts; an item's price history < 20 ms median at 10M items",
    byDefault: false,
    figure: FIGURES.analytics,
  },
  'analytics-1m-pg': {
    argv: ['bench/analytics.ts', '--pg'],
    target: "< 10 ms median at 1M receipts; an item's price history < 20 ms median at 10M items",
    byDefault: false,
    figure: FIGURES.analytics,
  },
  recurring: { argv: ['bench/recurring.ts'], target: 'detection of the whole history < 200 ms', byDefault: true, figure: FIGURES.recurring },
  scan: {
    argv: ['bench/scan.ts'],
    target:
      'dev: SROIE ≥ 85/97/95%, US ≥ 80/90/90%, items F1 ≥ 0.8; train − dev ≤ 5 points; median ≤ 1.5 s, p90 ≤ 3 s; RSS ≤ 1 GB; PDF: text layer < 100 ms median, 3 scanned pages ≤ 3× a photo',
    byDefault: true,
    figure: FIGURES.scan,
  },
  // The train sets (outside the repository) replayed as one person: a minute and a half with their OCR cached.
  'personal-picker': {
    argv: ['bench/personalPicker.ts'],
    target: 'never fewer right than the global weights on any field of the train replay; on only where it helps',
    byDefault: false,
    figure: FIGURES['personal-picker'],
  },
  anchors: {
    argv: ['bench/anchors.ts'],
    target: "Actual's sync server in the same run: idle RSS ≤ Actual's on PGlite, < 80 MB on PostgreSQL; ready ≤ 1.5 s new, ≤ 1 s existing",
    byDefault: true,
    figure: FIGURES.anchors,
  },
  memory: { argv: ['bench/memory.ts'], target: 'API and scan process together ≤ 1 GB at peak (a 1 GB machine)', byDefault: true, figure: FIGURES.memory },
  import: { argv: ['bench/import.ts'], target: '50k rows committed < 10 s, memory flat', byDefault: false, figure: FIGURES.import },
  'import-pg': { argv: ['bench/import.ts', '--pg'], target: '50k rows committed < 10 s, memory flat', byDefault: false, figure: FIGURES.import },
  inbox: { argv: ['bench/inbox.ts'], target: 'GET /dashboard p99 < 50 ms while reading', byDefault: false, figure: FIGURES.inbox },
  cluster: { argv: ['bench/cluster.ts'], target: 'no errors; the CPU cost per request', byDefault: false, figure: FIGURES.cluster },
  'home-currency': {
    argv: ['bench/homeCurrency.ts'],
    target: 'none set',
    byDefault: false,
    figure: FIGURES['home-currency'],
  },
  'home-currency-pg': {
    argv: ['bench/homeCurrency.ts', '--pg'],
    target: 'none set',
    byDefault: false,
    figure: FIGURES['home-currency'],
  },
  load: { argv: ['bench/load.ts'], target: 'no errors, flat memory', byDefault: false, figure: FIGURES.load },
};

/** Runs one benchmark, its output shown as it comes and kept for its figure. */
function run(argv: string[]): Promise<{ status: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(tsx, argv, { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.on('close', (status, signal) => resolve({ status, signal, output }));
  });
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !(name in BENCHES));
  if (unknown.length) {
    console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }

  const rows = readResults(RESULTS);
  const failed: string[] = [];
  for (const [name, bench] of Object.entries(BENCHES)) {
    if (wanted.length ? !wanted.includes(name) : !bench.byDefault) continue;
    const command = ['npx tsx', ...bench.argv].join(' ');
    console.log(`\n## ${name} (${command})\n`);
    const started = Date.now();
    const loadBefore = loadNow();
    const { status, signal, output } = await run(bench.argv);
    const loadAfter = loadNow();
    console.log(`\n(${name}: ${((Date.now() - started) / 1000).toFixed(0)} s${status !== 0 ? `, FAILED with ${status ?? signal}` : ''})`);
    if (status !== 0) {
      failed.push(name);
      continue;
    }
    const figure = bench.figure(output);
    if (!figure) {
      console.error(`(${name}: its figure was not found in the output; bench/RESULTS.md keeps the previous row)`);
      continue;
    }
    rows.set(name, {
      bench: name,
      command: `\`${command}\``,
      figure,
      target: bench.target,
      date: new Date().toISOString().slice(0, 10),
      machine: machineName(),
      load: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    });
    // Written after each benchmark: a run stopped half-way keeps what it measured.
    writeResults(RESULTS, rows, Object.keys(BENCHES));
  }
  console.log(`\nLatest figures: ${path.relative(process.cwd(), RESULTS)}`);
  if (failed.length) {
    console.error(`\nFailed: ${failed.join(', ')}`);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
