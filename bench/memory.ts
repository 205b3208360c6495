/**
 * Memory of the API process as a small home server would run it: the compiled server
 * (`npm run build:server`) with the auth emulator, on PGlite in a new data folder and on
 * PostgreSQL. Prints RSS just after start-up, idle, while 20 receipts are scanned (the API and
 * its scan process), and 60 s after the last scan, when the scan process has exited.
 *
 *   npx tsx bench/memory.ts [--only pglite|pg] [--idle 30] [--after 65]
 *
 * Scans read the dev receipts (../shared/datasets or TALLY_DATASETS); they are read here only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/freePort';
import { buildServer } from '../scripts/build-server';
import { descendantsOf, rssMbOf as rssMb } from './support/procStats';
import { devReceiptImages, samplePeaks, scanThrough } from './support/scanPeak';
import { withScratchPostgres } from './support/scratchPostgres';
import { productionNodeArgs } from './support/productionNode';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const IDLE_S = Number(arg('idle', '30'));
const AFTER_S = Number(arg('after', '65'));
const SCANS = 20;
const root = path.resolve(__dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUp(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error('the API did not come up within 60 s');
}

interface Figures {
  startup: number;
  idle: number;
  scanApiPeak: number;
  scanChildPeak: number;
  scanSumPeak: number;
  after: number;
  afterChild: number;
  /** The first scan, which starts the scan process, and the median of the others. */
  firstScan: number;
  laterScanMedian: number;
}

async function measure(databaseUrl: string | null, emulator: { host: string; projectId: string }, tokens: string[]): Promise<Figures> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-memory-'));
  const child = spawn(process.execPath, productionNodeArgs('start:production'), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      NODE_OPTIONS: '',
      LOG_LEVEL: 'warn',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      FIREBASE_PROJECT_ID: emulator.projectId,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      SERVE_WEB: 'false',
      OCR_IDLE_SECONDS: '60',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = child.pid!;
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUp(url, child);
    await sleep(2000);
    const startup = rssMb(pid);
    await sleep(IDLE_S * 1000);
    const idle = rssMb(pid);
    const sampler = samplePeaks(pid);
    const images = devReceiptImages(SCANS);
    const seconds: number[] = [];
    for (let i = 0; i < images.length; i++) seconds.push(await scanThrough(url, tokens[i % tokens.length], images[i]));
    const later = seconds.slice(1).sort((a, b) => a - b);
    const peaks = await sampler.stop();
    await sleep(AFTER_S * 1000);
    return {
      startup,
      idle,
      scanApiPeak: peaks.api,
      scanChildPeak: peaks.child,
      scanSumPeak: peaks.sum,
      after: rssMb(pid),
      afterChild: descendantsOf(pid).reduce((n, c) => n + rssMb(c), 0),
      firstScan: seconds[0],
      laterScanMedian: later[Math.floor(later.length / 2)],
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  process.env.TEST_AUTH_EMULATOR_HOST ??= '127.0.0.1:9199';
  const { emulatorConfigFile, emulatorSignUp, uniqueEmail, TEST_EMULATOR_HOST, TEST_PROJECT_ID } = await import('../scripts/testEmulator');
  const { startAuthEmulator } = await import('../scripts/emulator');

  await buildServer();
  const emulator = await startAuthEmulator({ configFile: emulatorConfigFile(TEST_EMULATOR_HOST), host: TEST_EMULATOR_HOST, projectId: TEST_PROJECT_ID });
  const rows: [string, Figures][] = [];
  try {
    // Scans are limited per person per minute: spread them over a few people.
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) tokens.push((await emulatorSignUp(uniqueEmail('memory'), 'secret-pass-1')).token);
    const target = { host: TEST_EMULATOR_HOST, projectId: TEST_PROJECT_ID };
    const only = arg('only', '');
    if (only !== 'pg') rows.push(['PGlite', await measure(null, target, tokens)]);
    if (only !== 'pglite') {
      const onPostgres = await withScratchPostgres('tally_memory', (url) => measure(url, target, tokens));
      if (onPostgres) rows.push(['PostgreSQL', onPostgres]);
    }
  } finally {
    await emulator.stop();
  }
  const mb = (v: number) => `${v.toFixed(0)} MB`;
  console.log(`\nAPI process RSS (compiled server, ${SCANS} scans):`);
  console.log(
    '| database | start-up | idle after ' +
      IDLE_S +
      ' s | scanning: API / scan process / both (peak) | ' +
      AFTER_S +
      ' s after the last scan | first scan (starts the scan process) / median of the rest |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const [name, f] of rows) {
    console.log(
      `| ${name} | ${mb(f.startup)} | ${mb(f.idle)} | ${mb(f.scanApiPeak)} / ${mb(f.scanChildPeak)} / ${mb(f.scanSumPeak)} | ${mb(f.after)}${f.afterChild ? ` (+ scan process ${mb(f.afterChild)})` : ''} | ${f.firstScan.toFixed(2)} s / ${f.laterScanMedian.toFixed(2)} s |`,
    );
  }
  console.log(
    `\nload average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${os.availableParallelism()} cores`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
