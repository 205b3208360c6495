/**
 * Tally beside a self-hosted anchor, measured the same way in one run: Actual's own server
 * (`@actual-app/sync-server` from npm, which also serves its web app) and Tally's compiled server
 * (`dist/server/main.js`, SERVE_WEB=true, the auth emulator outside it), started one after the
 * other, each on a new data folder and then again on the folder it made, for several rounds.
 * Prints the time to the first 200 on each one's health route (Actual's /health, Tally's
 * /healthz) and the resident memory summed over the server and every process below it, 10 s
 * later; for Tally, the scan process's peak at the first scan after that, on the existing folder
 * (it starts with the first scan). Tally on PostgreSQL (a scratch database) is measured too, its API process alone, and
 * the floor under Tally on PGlite: Node's HTTP server alone, and with PGlite open (FLOOR_SCRIPT).
 *
 *   npx tsx bench/anchors.ts [--rounds 3] [--idle 10] [--actual 26.9.0]
 *
 * Actual is installed once into a temporary folder (os.tmpdir()/tally-anchors-actual-<version>,
 * reused while its native modules load) and never into the project; npm leaves install scripts
 * unrun, so its native modules are rebuilt there. The web build is made when dist/public lacks it.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from '../scripts/build-server';
import { freePort } from '../scripts/freePort';
import { DEFAULT_SHARED_BUFFERS } from '../src/server/db';
import { arg } from './support/args';
import { descendantsOf, rssMbOf } from './support/procStats';
import { devReceiptImages, samplePeaks, scanThrough } from './support/scanPeak';
import { withScratchPostgres } from './support/scratchPostgres';
import { productionNodeArgs } from './support/productionNode';

const ROUNDS = Number(arg('rounds') ?? '3');
const IDLE_S = Number(arg('idle') ?? '10');
const ACTUAL_VERSION = arg('actual') ?? '26.9.0';
/** Actual's packages with install scripts (native modules) that npm no longer runs unasked. */
const ACTUAL_NATIVE = ['better-sqlite3', 'bcrypt', 'argon2'];
const root = path.resolve(__dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Actual's server installed in a temporary folder; the path of its start script. */
function installActual(version: string): string {
  const dir = path.join(os.tmpdir(), `tally-anchors-actual-${version}`);
  const pkg = path.join(dir, 'node_modules/@actual-app/sync-server');
  const loads = () => {
    try {
      execFileSync(process.execPath, ['-e', ACTUAL_NATIVE.map((m) => `require(${JSON.stringify(m)})`).join(';')], { cwd: pkg, stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  const installed = () =>
    fs.existsSync(path.join(pkg, 'package.json')) && JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')).version === version;
  if (!installed()) {
    console.log(`installing @actual-app/sync-server@${version} into ${dir} (minutes, once)`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), '{"private":true}\n');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `@actual-app/sync-server@${version}`], { cwd: dir, stdio: 'inherit' });
  }
  if (!loads()) {
    console.log(`building Actual's native modules (${ACTUAL_NATIVE.join(', ')})`);
    execFileSync('npm', ['rebuild', ...ACTUAL_NATIVE], { cwd: dir, stdio: 'inherit' });
    if (!loads()) throw new Error(`Actual's native modules do not load in ${dir}`);
  }
  return path.join(pkg, 'build/bin/actual-server.js');
}

interface Server {
  name: string;
  argv: string[];
  /** Its environment on `dataDir`, answering on `port` (and, for Tally, its web app on `webPort`). */
  env: (dataDir: string, port: number, webPort: number) => Record<string, string>;
  health: string;
  /** Tally's: after the idle figure on an existing folder, one scan, for the scan process's peak. */
  scans?: boolean;
}

interface Start {
  readyMs: number;
  rssMb: number;
  /** The scan process's peak RSS during the first scan (it starts with it), in MB. */
  scanPeakMb?: number;
}

/** Signs up a new person for each scan: scans are limited per person per minute. */
let newScanToken: () => Promise<string> = () => Promise.reject(new Error('no auth emulator yet'));

/** Starts a server, times its first 200 on the health route, and sums its processes' memory IDLE_S later. */
async function measureStart(server: Server, dataDir: string, sumChildren: boolean, scan = false): Promise<Start> {
  const [port, webPort] = [await freePort(), await freePort()];
  const started = performance.now();
  const child = spawn(process.execPath, server.argv, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...server.env(dataDir, port, webPort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    let readyMs = 0;
    while (!readyMs) {
      if (child.exitCode !== null) throw new Error(`${server.name} exited with code ${child.exitCode}`);
      if (performance.now() - started > 120_000) throw new Error(`${server.name} did not answer within 120 s`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}${server.health}`)).ok) readyMs = performance.now() - started;
      } catch {
        await sleep(20);
      }
    }
    await sleep(IDLE_S * 1000);
    const pids = [child.pid!, ...(sumChildren ? descendantsOf(child.pid!) : [])];
    const idle = { readyMs, rssMb: pids.reduce((sum, pid) => sum + rssMbOf(pid), 0) };
    if (!scan) return idle;
    const sampler = samplePeaks(child.pid!);
    await scanThrough(`http://127.0.0.1:${port}`, await newScanToken(), devReceiptImages(1)[0]);
    return { ...idle, scanPeakMb: (await sampler.stop()).child };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** A new data folder, then the same folder again. */
async function newThenExisting(server: Server, sumChildren = true): Promise<{ fresh: Start; existing: Start }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-anchors-'));
  try {
    const fresh = await measureStart(server, dataDir, sumChildren);
    const existing = await measureStart(server, dataDir, sumChildren, server.scans);
    return { fresh, existing };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * What stands under Tally on PGlite, measured as Tally is: a bare Node HTTP server answering its
 * health route, and the same with PGlite opened on the folder (a copy of Tally's prepared database
 * on a new one, with Tally's shared buffers) and asked SELECT 1 each time. No server of Tally's
 * kind on PGlite can start faster or idle in less than the second.
 */
const FLOOR_SCRIPT = `
const http = require('node:http'), fs = require('node:fs'), path = require('node:path');
(async () => {
  let db = null;
  const dir = process.env.FLOOR_DIR;
  if (dir) {
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) fs.cpSync(process.env.FLOOR_SEED, dir, { recursive: true });
    const { PGlite } = await import(process.env.FLOOR_PGLITE);
    db = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=' + process.env.FLOOR_SHARED_BUFFERS] });
    await db.waitReady;
  }
  http.createServer(async (req, res) => {
    if (db) await db.query('SELECT 1');
    res.end('ok');
  }).listen(Number(process.env.FLOOR_PORT), '127.0.0.1');
})();
`;

const floor = (withPglite: boolean): Server => ({
  name: withPglite ? 'Floor: Node HTTP + PGlite (SELECT 1)' : 'Floor: Node HTTP alone',
  argv: ['-e', FLOOR_SCRIPT],
  env: (dataDir, port) => ({
    FLOOR_PORT: String(port),
    ...(withPglite
      ? {
          FLOOR_DIR: dataDir,
          FLOOR_SEED: path.join(root, 'dist/server/pglite-seed'),
          FLOOR_PGLITE: pathToFileURL(require.resolve('@electric-sql/pglite')).href,
          FLOOR_SHARED_BUFFERS: DEFAULT_SHARED_BUFFERS,
        }
      : {}),
  }),
  health: '/healthz',
});

async function main(): Promise<void> {
  process.env.TEST_AUTH_EMULATOR_HOST ??= '127.0.0.1:9199';
  const { emulatorConfigFile, emulatorSignUp, uniqueEmail, TEST_EMULATOR_HOST, TEST_PROJECT_ID } = await import('../scripts/testEmulator');
  const { startAuthEmulator } = await import('../scripts/emulator');

  const actualBin = installActual(ACTUAL_VERSION);
  await buildServer();
  if (!fs.existsSync(path.join(root, 'dist/public/index.html'))) {
    console.log('building the web app (npx webpack --mode production)');
    execFileSync(path.join(root, 'node_modules/.bin/webpack'), ['--mode', 'production'], { cwd: root, stdio: 'inherit' });
  }

  const actual: Server = {
    name: `Actual ${ACTUAL_VERSION}`,
    argv: [actualBin],
    env: (dataDir, port) => ({ ACTUAL_DATA_DIR: dataDir, ACTUAL_PORT: String(port), ACTUAL_HOSTNAME: '127.0.0.1' }),
    health: '/health',
  };
  const tally = (databaseUrl: string | null): Server => ({
    name: databaseUrl ? 'Tally on PostgreSQL' : 'Tally',
    argv: productionNodeArgs('start:production'),
    env: (dataDir, port, webPort) => ({
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      WEB_PORT: String(webPort),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SERVE_WEB: 'true',
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: TEST_EMULATOR_HOST,
    }),
    health: '/healthz',
    scans: true,
  });

  const emulator = await startAuthEmulator({ configFile: emulatorConfigFile(TEST_EMULATOR_HOST), host: TEST_EMULATOR_HOST, projectId: TEST_PROJECT_ID });
  newScanToken = async () => (await emulatorSignUp(uniqueEmail('anchors'), 'secret-pass-1')).token;
  const results = new Map<string, { fresh: Start; existing: Start }[]>();
  const add = (name: string, r: { fresh: Start; existing: Start }) => results.set(name, [...(results.get(name) ?? []), r]);
  const loads: number[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      loads.push(os.loadavg()[0]);
      console.log(`round ${round} of ${ROUNDS} (load ${os.loadavg()[0].toFixed(1)})`);
      add(actual.name, await newThenExisting(actual));
      add('Tally', await newThenExisting(tally(null)));
      // The API process alone: PostgreSQL's own processes are not below it.
      const onPostgres = await withScratchPostgres('tally_anchors', (url) => newThenExisting(tally(url), false));
      if (onPostgres) add('Tally on PostgreSQL', onPostgres);
      for (const withPglite of [false, true]) add(floor(withPglite).name, await newThenExisting(floor(withPglite)));
    }
    loads.push(os.loadavg()[0]);
  } finally {
    await emulator.stop();
  }

  const seconds = (runs: Start[]) => runs.map((s) => (s.readyMs / 1000).toFixed(2)).join(', ');
  const mbs = (runs: Start[]) => runs.map((s) => s.rssMb.toFixed(0)).join(', ');
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const medians = (name: string) => {
    const runs = results.get(name) ?? [];
    const of = (pick: (r: { fresh: Start; existing: Start }) => number) => median(runs.map(pick));
    return {
      readyNew: of((r) => r.fresh.readyMs),
      readyOld: of((r) => r.existing.readyMs),
      rssNew: of((r) => r.fresh.rssMb),
      rssOld: of((r) => r.existing.rssMb),
      scanPeak: runs.some((r) => r.existing.scanPeakMb !== undefined) ? of((r) => r.existing.scanPeakMb ?? 0) : undefined,
    };
  };

  console.log(`\nStart-up and idle memory, ${ROUNDS} rounds (each round: a new data folder, then the same folder again):`);
  console.log(`| server | ready, new folder (s) | ready, existing folder (s) | idle RSS ${IDLE_S} s later, new folder (MB) | idle RSS, existing folder (MB) |`);
  console.log('|---|---|---|---|---|');
  for (const [name, runs] of results) {
    const fresh = runs.map((r) => r.fresh);
    const existing = runs.map((r) => r.existing);
    console.log(`| ${name} | ${seconds(fresh)} | ${seconds(existing)} | ${mbs(fresh)} | ${mbs(existing)} |`);
  }
  for (const [name, runs] of results) {
    const peaks = runs.flatMap((r) => (r.existing.scanPeakMb === undefined ? [] : [r.existing.scanPeakMb]));
    if (peaks.length) console.log(`| ${name}: the scan process at its first scan, peak RSS (MB) | ${peaks.map((p) => p.toFixed(0)).join(', ')} | | | |`);
  }
  const a = medians(actual.name);
  for (const name of ['Tally', 'Tally on PostgreSQL'].filter((n) => results.has(n))) {
    const t = medians(name);
    const ratio = (x: number, y: number) => `${(x / y).toFixed(2)}×`;
    console.log(
      `| ${name} / Actual (medians) | ${ratio(t.readyNew, a.readyNew)} | ${ratio(t.readyOld, a.readyOld)} | ${ratio(t.rssNew, a.rssNew)} | ${ratio(t.rssOld, a.rssOld)} |`,
    );
  }
  console.log(
    `\nmedians: Actual ready ${(a.readyNew / 1000).toFixed(2)} s new / ${(a.readyOld / 1000).toFixed(2)} s existing, idle ${a.rssNew.toFixed(0)} MB / ${a.rssOld.toFixed(0)} MB`,
  );
  for (const name of [...results.keys()].filter((n) => n !== actual.name)) {
    const t = medians(name);
    console.log(
      `medians: ${name} ready ${(t.readyNew / 1000).toFixed(2)} s new / ${(t.readyOld / 1000).toFixed(2)} s existing, idle ${t.rssNew.toFixed(0)} MB / ${t.rssOld.toFixed(0)} MB${t.scanPeak === undefined ? '' : `, scan process peak ${t.scanPeak.toFixed(0)} MB`}`,
    );
  }
  console.log(`load average (1 min) at each round's start and at the end: ${loads.map((l) => l.toFixed(1)).join(', ')} on ${os.availableParallelism()} cores`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
