/**
 * Inbox burst: one person drops 100 receipt photos on POST /receipts/drafts at once (two
 * multipart requests of 50, sent together) and the drafts are read in the background. Run three
 * ways, each on a fresh data folder and database with a fresh person:
 *
 *   api  the API reads them itself: one API process on the embedded database (PGlite), SCAN_WORKERS default;
 *   one  PostgreSQL, an API with SCAN_WORKERS=0 and one `npm run worker` process;
 *   two  the same with two worker processes.
 *
 * Meanwhile the same person's GET /dashboard is called every 50 ms (one call at a time), and the
 * drafts are listed every 2 s as the app does until all are ready or failed. Prints, for each
 * way: time from the first upload to the last draft settled, photos a minute, ready and failed,
 * GET /dashboard p50/p99/max, the upload requests' time, peak RSS of the API, of each worker and
 * of their scan (OCR) processes, and the load average before and after; the same as JSON in
 * artifacts/bench/inbox.json.
 *
 *   npm run bench:inbox                               # 100 photos, all three ways
 *   npx tsx bench/inbox.ts --photos 6 --only api      # a quick trial of one way (api | one | two)
 *
 * PostgreSQL comes from scripts/ensure-postgres.sh (DATABASE_URL, else 127.0.0.1:5432), with a
 * scratch database per run; without one, `one` and `two` are skipped. The auth emulator listens
 * on TEST_AUTH_EMULATOR_HOST (default 127.0.0.1:9399, away from the tests' ports). Photos are the
 * train sets' (../shared/datasets or TALLY_DATASETS), read here only and never copied. The
 * servers run as production does (NODE_ENV=development only to trust the emulator): on PGlite
 * GET /dashboard answers from the API's read cache, which PostgreSQL does not have.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Client } from 'pg';
import { commandLineOf, descendantsOf, peakRssMbOf, startTicksOf } from './support/procStats';
import { loadConfig } from '../src/server/config';
import { MAX_DRAFT_FILES, MAX_OPEN_DRAFTS, type DraftStatus } from '../src/shared/constants/drafts';
import { arg } from './support/args';
import { NO_RATE_LIMITS } from './support/benchApi';

const root = path.resolve(__dirname, '..');
const DATASETS = process.env.TALLY_DATASETS ?? path.resolve(__dirname, '../../shared/datasets');
const PHOTO_SETS = ['us-receipts-train', 'sroie-train'];
const ARTIFACT = path.join(root, 'artifacts/bench/inbox.json');
const DASHBOARD_EVERY_MS = 50;
/** As the app asks while drafts are being read (DRAFTS_POLL_MS): the settle time is known to within this. */
const DRAFTS_POLL_MS = 2000;
const SAMPLE_EVERY_MS = 500;
const SETTLE_TIMEOUT_MS = 20 * 60_000;
/** A process asked to stop (SIGTERM) is killed (SIGKILL) after this long. */
const STOP_GRACE_MS = 20_000;
/** The scan process (src/server/ocr/scanProcess), from source or from a server build. */
const SCAN_PROCESS = /scanProcess[\\/]entry\.cjs|scan-child\.js/;

interface Setup {
  key: 'api' | 'one' | 'two';
  name: string;
  workerProcesses: number;
}
const SETUPS: Setup[] = [
  { key: 'api', name: 'workers in the API process', workerProcesses: 0 },
  { key: 'one', name: 'one worker process', workerProcesses: 1 },
  { key: 'two', name: 'two worker processes', workerProcesses: 2 },
];

interface Photo {
  name: string;
  set: string;
  bytes: Buffer;
}

interface Latency {
  count: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

interface SetupResult {
  key: Setup['key'];
  name: string;
  database: 'PGlite' | 'PostgreSQL';
  apiScanWorkers: number;
  workerProcesses: number;
  workerScanWorkers: number | null;
  photos: number;
  accepted: number;
  ready: number;
  failed: number;
  /** Drafts seen being read at once, at the most (by the 2 s listing). */
  mostScanningAtOnce: number;
  failures: Record<string, number>;
  timedOut: boolean;
  settledSeconds: number;
  photosPerMinute: number;
  uploadSeconds: number[];
  dashboard: Latency;
  /** Per process: API, API OCR, worker 1, worker 1 OCR, ... (the largest where a role had several scan processes). */
  peakRssMb: Record<string, number>;
  scanProcesses: Record<string, number>;
  loadAverage: { start: number[]; end: number[] };
}

/** Ctrl+C or SIGTERM: the run in progress stops, and everything it started is stopped and dropped. */
const interrupted = new AbortController();
const pause = (ms: number) => delay(ms, undefined, { signal: interrupted.signal });

/** The train photos, half from each set, alternating so each request carries both kinds. */
function pickPhotos(count: number): Photo[] {
  const sets = PHOTO_SETS.map((set, i) => {
    const dir = path.join(DATASETS, set);
    if (!fs.existsSync(dir)) throw new Error(`No ${dir}: set TALLY_DATASETS to the folder holding ${PHOTO_SETS.join(' and ')}`);
    const files = fs
      .readdirSync(dir)
      .filter((f) => /\.jpe?g$/i.test(f))
      .sort()
      .slice(0, Math.ceil((count - i) / PHOTO_SETS.length));
    return files.map((f) => ({ name: f, set, bytes: fs.readFileSync(path.join(dir, f)) }));
  });
  const mixed = Array.from({ length: Math.max(...sets.map((s) => s.length)) }, (_, i) => sets.flatMap((s) => (s[i] ? [s[i]] : []))).flat();
  if (mixed.length < count) throw new Error(`Only ${mixed.length} photos in ${PHOTO_SETS.join(' and ')}; ask for at most that many`);
  return mixed;
}

/** The burst's requests: at least two sent together, each at most MAX_DRAFT_FILES photos. */
function requestsOf(photos: Photo[]): Photo[][] {
  const n = Math.max(Math.min(2, photos.length), Math.ceil(photos.length / MAX_DRAFT_FILES));
  const size = Math.ceil(photos.length / n);
  return Array.from({ length: n }, (_, i) => photos.slice(i * size, (i + 1) * size)).filter((r) => r.length);
}

function latencyOf(ms: number[], errors: number): Latency {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
  return { count: sorted.length, errors, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
}

/** A PostgreSQL server's address from scripts/ensure-postgres.sh, once it answers, or why there is none. */
async function findPostgres(): Promise<{ url: string } | { why: string }> {
  const run = spawnSync('bash', [path.join(root, 'scripts/ensure-postgres.sh')], { cwd: root, encoding: 'utf8' });
  const url = run.stdout?.trim().split('\n').pop();
  if (!url) {
    const said = run.stderr?.trim();
    return { why: `scripts/ensure-postgres.sh found no PostgreSQL server on 127.0.0.1:5432 and could not start one${said ? ` (${said})` : ''}` };
  }
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return { url };
  } catch (err) {
    return { why: `PostgreSQL at ${new URL(url).host} does not answer (${err instanceof Error ? err.message : err})` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface RunningProcess {
  child: ChildProcess;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<unknown>;
}

/** `npm run worker` as its own process: node with tsx's loader, so that a signal reaches the worker itself. */
async function startWorker(env: Record<string, string>, started: (w: RunningProcess) => void): Promise<RunningProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const up = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('Tally worker reading receipts')) resolve();
    });
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code, signal) => reject(new Error(`a worker exited (${signal ?? code}) before reading:\n${out}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const worker: RunningProcess = {
    child,
    output: () => out,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  started(worker);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`a worker did not start within 120 s:\n${out}`)), 120_000)));
  const stop = new Promise<never>((_, reject) => interrupted.signal.addEventListener('abort', () => reject(interrupted.signal.reason), { once: true }));
  try {
    await Promise.race([up, late, stop]);
  } finally {
    clearTimeout(timer);
  }
  return worker;
}

/** SIGTERM, and SIGKILL if it has not stopped within STOP_GRACE_MS. */
async function stopGently(p: Pick<RunningProcess, 'kill'>): Promise<void> {
  const hard = setTimeout(() => void p.kill('SIGKILL'), STOP_GRACE_MS);
  await p.kill('SIGTERM');
  clearTimeout(hard);
}

/**
 * Peak memory of each process of the run and of the scan processes below it, read every
 * SAMPLE_EVERY_MS (the kernel's high-water mark, VmHWM, so nothing between samples is missed).
 */
class MemorySampler {
  readonly peaks: Record<string, number> = {};
  /** Per role, the scan processes seen: their ids and when they started (so a later process given the same id is not taken for one). */
  readonly scanProcesses = new Map<string, Map<number, number | null>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly roles: { role: string; pid: number }[]) {}

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), SAMPLE_EVERY_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.sample();
  }

  /** Scan processes seen that still run (their parent was killed and they missed the hang-up). */
  leftovers(): number[] {
    return [...this.scanProcesses.values()].flatMap((seen) =>
      [...seen].filter(([pid, started]) => started !== null && startTicksOf(pid) === started).map(([pid]) => pid),
    );
  }

  private sample(): void {
    for (const { role, pid } of this.roles) {
      this.note(role, pid);
      for (const child of descendantsOf(pid).filter((p) => SCAN_PROCESS.test(commandLineOf(p)))) {
        this.note(`${role} OCR`, child);
        const seen = this.scanProcesses.get(role) ?? this.scanProcesses.set(role, new Map()).get(role)!;
        if (!seen.has(child)) seen.set(child, startTicksOf(child));
      }
    }
  }

  private note(role: string, pid: number): void {
    const mb = peakRssMbOf(pid);
    if (mb !== null) this.peaks[role] = Math.max(this.peaks[role] ?? 0, mb);
  }
}

type Tools = Awaited<ReturnType<typeof loadTools>>;

async function loadTools() {
  // scripts/testEmulator reads the emulator address when first imported.
  process.env.TEST_AUTH_EMULATOR_HOST ??= '127.0.0.1:9399';
  const { emulatorConfigFile, emulatorSignUp, uniqueEmail, TEST_EMULATOR_HOST, TEST_PROJECT_ID } = await import('../scripts/testEmulator');
  const { startApi, freePort } = await import('../__tests__/server/security/processes');
  const { startAuthEmulator } = await import('../scripts/emulator');
  const { openScratchDatabase } = await import('../scripts/scratchDatabase');
  return { emulatorConfigFile, TEST_EMULATOR_HOST, TEST_PROJECT_ID, emulatorSignUp, uniqueEmail, startApi, freePort, startAuthEmulator, openScratchDatabase };
}

/** The servers run as production does, but trust the emulator and log warnings only; no write limit for a burst. */
const SERVER_ENV = { NODE_ENV: 'development', NODE_OPTIONS: '', LOG_LEVEL: 'warn', ...NO_RATE_LIMITS };

async function runSetup(setup: Setup, photos: Photo[], serverUrl: string | null, t: Tools): Promise<SetupResult> {
  const stops: Array<() => Promise<void>> = [];
  const processes: { role: string; p: RunningProcess }[] = [];
  let sampler: MemorySampler | null = null;
  /** The GET /dashboard loop runs while this holds. */
  let measuring = true;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tally-bench-inbox-${setup.key}-`));
  stops.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  try {
    let databaseUrl: string | null = null;
    if (serverUrl) {
      const scratch = await t.openScratchDatabase(serverUrl, 'tally_inbox');
      await scratch.handle.close();
      stops.push(scratch.drop);
      databaseUrl = scratch.url;
    }
    // Unset in this shell, OCR_POOL_SIZE and SCAN_WORKERS take the server's defaults (every core), not startApi's 1.
    const apiEnv = { ...SERVER_ENV, OCR_POOL_SIZE: process.env.OCR_POOL_SIZE ?? '', ...(setup.workerProcesses ? { SCAN_WORKERS: '0' } : {}) };
    const workerEnv = { ...SERVER_ENV, OCR_POOL_SIZE: process.env.OCR_POOL_SIZE ?? '', DATABASE_URL: databaseUrl ?? '', DATA_DIR: dataDir };
    const api = await t.startApi({ port: await t.freePort(), dataDir, emulatorHost: t.TEST_EMULATOR_HOST, databaseUrl, env: apiEnv });
    processes.push({ role: 'API', p: api });
    stops.push(() => stopGently(api));
    await Promise.all(
      Array.from({ length: setup.workerProcesses }, (_, i) =>
        startWorker(workerEnv, (w) => {
          processes.push({ role: `worker ${i + 1}`, p: w });
          stops.push(() => stopGently(w));
        }),
      ),
    );
    sampler = new MemorySampler(processes.map(({ role, p }) => ({ role, pid: p.child.pid! })));
    sampler.start();

    const email = t.uniqueEmail('inbox');
    const { uid, token } = await t.emulatorSignUp(email, 'secret-pass-1', 'Inbox Bench');
    const headers = { authorization: `Bearer ${token}` };
    const registered = await fetch(`${api.url}/api/auth/register`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: uid, email, display_name: 'Inbox Bench' }),
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);

    const loadStart = os.loadavg();
    const dashboardMs: number[] = [];
    let dashboardErrors = 0;
    const dashboard = (async () => {
      while (measuring && !interrupted.signal.aborted) {
        const t0 = performance.now();
        try {
          const res = await fetch(`${api.url}/dashboard`, { headers, signal: interrupted.signal });
          await res.arrayBuffer();
          if (res.status === 200) dashboardMs.push(performance.now() - t0);
          else dashboardErrors++;
        } catch {
          dashboardErrors++;
        }
        await delay(Math.max(0, DASHBOARD_EVERY_MS - (performance.now() - t0)));
      }
    })();

    const t0 = performance.now();
    const since = () => (performance.now() - t0) / 1000;
    const uploadSeconds: number[] = [];
    const answers = await Promise.all(
      requestsOf(photos).map(async (batch) => {
        const form = new FormData();
        for (const p of batch) form.append('files', new Blob([new Uint8Array(p.bytes)], { type: 'image/jpeg' }), p.name);
        const started = performance.now();
        const res = await fetch(`${api.url}/receipts/drafts`, { method: 'POST', headers, body: form, signal: interrupted.signal });
        const body = await res.text();
        uploadSeconds.push((performance.now() - started) / 1000);
        if (res.status !== 202) throw new Error(`POST /receipts/drafts (${batch.length} photos): ${res.status} ${body}`);
        return JSON.parse(body) as Array<{ _id: string | null; status: DraftStatus; file: string; error?: string }>;
      }),
    );
    const ids = new Set(answers.flat().flatMap((a) => (a._id ? [a._id] : [])));
    const failures: Record<string, number> = {};
    const failure = (why: string) => (failures[why] = (failures[why] ?? 0) + 1);
    for (const a of answers.flat()) if (!a._id) failure(`refused at upload: ${a.error}`);
    console.log(`  ${ids.size} of ${photos.length} photos accepted in ${uploadSeconds.map((s) => `${s.toFixed(1)} s`).join(' and ')}`);

    let counts: Record<DraftStatus, number> = { queued: ids.size, scanning: 0, ready: 0, failed: 0 };
    let mostScanning = 0;
    let timedOut = false;
    let shown = '';
    let shownAt = -Infinity;
    let drafts: Array<{ _id: string; status: DraftStatus; error: string | null }> = [];
    for (;;) {
      const res = await fetch(`${api.url}/receipts/drafts`, { headers, signal: interrupted.signal });
      if (res.ok) {
        drafts = ((await res.json()) as typeof drafts).filter((d) => ids.has(d._id));
        counts = { queued: 0, scanning: 0, ready: 0, failed: 0 };
        for (const d of drafts) counts[d.status]++;
        mostScanning = Math.max(mostScanning, counts.scanning);
        const line = `${counts.ready} ready, ${counts.failed} failed, ${counts.scanning} being read, ${counts.queued} waiting`;
        if (line !== shown && (since() - shownAt >= 15 || counts.ready + counts.failed === ids.size)) {
          console.log(`  ${since().toFixed(0).padStart(4)} s: ${line}`);
          [shown, shownAt] = [line, since()];
        }
        if (counts.ready + counts.failed === ids.size) break;
      }
      if (performance.now() - t0 > SETTLE_TIMEOUT_MS) {
        timedOut = true;
        console.log(`  gave up after ${SETTLE_TIMEOUT_MS / 60_000} min: ${JSON.stringify(counts)}`);
        break;
      }
      await pause(DRAFTS_POLL_MS);
    }
    const settledSeconds = since();
    measuring = false;
    await dashboard;
    sampler.stop();
    for (const d of drafts) if (d.status === 'failed') failure(d.error ?? 'no reason given');

    const config = (env: Record<string, string>) => loadConfig({ ...process.env, ...env }).scanJobs.workers;
    return {
      key: setup.key,
      name: setup.name,
      database: serverUrl ? 'PostgreSQL' : 'PGlite',
      apiScanWorkers: config(apiEnv),
      workerProcesses: setup.workerProcesses,
      workerScanWorkers: setup.workerProcesses ? Math.max(1, config(workerEnv)) : null,
      photos: photos.length,
      accepted: ids.size,
      ready: counts.ready,
      failed: counts.failed + (photos.length - ids.size),
      mostScanningAtOnce: mostScanning,
      failures,
      timedOut,
      settledSeconds,
      photosPerMinute: ((counts.ready + counts.failed) / settledSeconds) * 60,
      uploadSeconds,
      dashboard: latencyOf(dashboardMs, dashboardErrors),
      peakRssMb: sampler.peaks,
      scanProcesses: Object.fromEntries([...sampler.scanProcesses].map(([role, seen]) => [`${role} OCR`, seen.size])),
      loadAverage: { start: loadStart, end: os.loadavg() },
    };
  } catch (err) {
    if (!interrupted.signal.aborted)
      for (const { role, p } of processes) if (p.output().trim()) console.error(`--- ${role} output (last 3000 characters) ---\n${p.output().slice(-3000)}`);
    throw err;
  } finally {
    sampler?.stop();
    measuring = false;
    for (const stop of stops.reverse()) await stop().catch((err: Error) => console.error(`  cleaning up: ${err.message}`));
    // A scan process leaves when its parent goes; one still reading when that was killed is killed here, by its id.
    for (let waited = 0; sampler?.leftovers().length && waited < STOP_GRACE_MS; waited += 500) await delay(500);
    for (const pid of sampler?.leftovers() ?? []) process.kill(pid, 'SIGKILL');
  }
}

function report(results: SetupResult[], photos: Photo[]): void {
  const mb = (v: number | undefined) => (v === undefined ? '–' : `${v.toFixed(0)} MB`);
  const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : '–');
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(', ');
  const rows: [string, (r: SetupResult) => string][] = [
    ['database', (r) => r.database],
    ['readers (SCAN_WORKERS): API / each worker', (r) => `${r.apiScanWorkers} / ${r.workerScanWorkers ?? '–'}`],
    ['ready / failed', (r) => `${r.ready} / ${r.failed}${r.timedOut ? ' (TIMED OUT)' : ''}`],
    ['first upload to all settled', (r) => `${r.settledSeconds.toFixed(1)} s`],
    ['photos per minute', (r) => r.photosPerMinute.toFixed(1)],
    ['being read at once (most seen)', (r) => String(r.mostScanningAtOnce)],
    ['upload requests', (r) => r.uploadSeconds.map((s) => `${s.toFixed(1)} s`).join(', ')],
    ['GET /dashboard p50 / p99 / max', (r) => `${ms(r.dashboard.p50)} / ${ms(r.dashboard.p99)} / ${ms(r.dashboard.max)}`],
    ['GET /dashboard calls (errors)', (r) => `${r.dashboard.count} (${r.dashboard.errors})`],
    ['peak RSS API / its OCR', (r) => `${mb(r.peakRssMb.API)} / ${mb(r.peakRssMb['API OCR'])}`],
  ];
  for (let w = 1; w <= Math.max(0, ...results.map((r) => r.workerProcesses)); w++) {
    rows.push([
      `peak RSS worker ${w} / its OCR`,
      (r) => (w <= r.workerProcesses ? `${mb(r.peakRssMb[`worker ${w}`])} / ${mb(r.peakRssMb[`worker ${w} OCR`])}` : '–'),
    ]);
  }
  rows.push(['load average start', (r) => load(r.loadAverage.start)], ['load average end', (r) => load(r.loadAverage.end)]);

  const sets = PHOTO_SETS.map((s) => `${photos.filter((p) => p.set === s).length} ${s}`).join(' + ');
  console.log(
    `\nInbox burst: ${photos.length} photos (${sets}, ${(photos.reduce((n, p) => n + p.bytes.length, 0) / 1e6).toFixed(1)} MB) in ${requestsOf(photos).length} requests at once; ${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB\n`,
  );
  console.log(`| | ${results.map((r) => r.name).join(' | ')} |`);
  console.log(`|---|${results.map(() => '---|').join('')}`);
  for (const [label, cell] of rows) console.log(`| ${label} | ${results.map(cell).join(' | ')} |`);
  for (const r of results) {
    if (Object.keys(r.failures).length) console.log(`${r.name}, failed: ${JSON.stringify(r.failures)}`);
    const restarts = Object.entries(r.scanProcesses).filter(([, n]) => n > 1);
    if (restarts.length) console.log(`${r.name}, scan processes started: ${restarts.map(([role, n]) => `${role} ${n}`).join(', ')}`);
  }
  console.log(`settle times are known to within ${DRAFTS_POLL_MS / 1000} s (the drafts are listed that often, as the app does)`);
}

async function main(): Promise<void> {
  const count = Number(arg('photos') ?? 100);
  if (!Number.isInteger(count) || count < 1 || count > MAX_OPEN_DRAFTS) throw new Error(`--photos must be a whole number from 1 to ${MAX_OPEN_DRAFTS}`);
  const only = arg('only');
  if (only !== undefined && !SETUPS.some((s) => s.key === only)) throw new Error(`--only must be one of ${SETUPS.map((s) => s.key).join(', ')}`);
  const photos = pickPhotos(count);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping what was started (again to quit at once)`);
      interrupted.abort(new Error(`interrupted by ${signal}`));
    });
  }

  const t = await loadTools();
  const emulator = await t.startAuthEmulator({
    configFile: t.emulatorConfigFile(t.TEST_EMULATOR_HOST),
    host: t.TEST_EMULATOR_HOST,
    projectId: t.TEST_PROJECT_ID,
  });
  const results: SetupResult[] = [];
  const skipped: { key: string; name: string; why: string }[] = [];
  let postgres: Awaited<ReturnType<typeof findPostgres>> | null = null;
  try {
    for (const setup of SETUPS.filter((s) => !only || s.key === only)) {
      let serverUrl: string | null = null;
      if (setup.workerProcesses) {
        postgres ??= await findPostgres();
        if ('why' in postgres) {
          console.log(`\nSkipped "${setup.name}": it needs PostgreSQL, and ${postgres.why}`);
          skipped.push({ key: setup.key, name: setup.name, why: postgres.why });
          continue;
        }
        serverUrl = postgres.url;
      }
      console.log(`\n${setup.name} (${serverUrl ? `PostgreSQL at ${new URL(serverUrl).host}` : 'PGlite'}):`);
      try {
        results.push(await runSetup(setup, photos, serverUrl, t));
      } catch (err) {
        if (interrupted.signal.aborted) throw interrupted.signal.reason;
        console.error(`  "${setup.name}" failed: ${err instanceof Error ? err.message : err}`);
        skipped.push({ key: setup.key, name: setup.name, why: `failed: ${err instanceof Error ? err.message : err}` });
        process.exitCode = 1;
      }
    }
  } finally {
    await emulator.stop();
  }

  if (results.length) report(results, photos);
  for (const s of skipped) console.log(`${s.name}: not measured (${s.why})`);
  fs.mkdirSync(path.dirname(ARTIFACT), { recursive: true });
  fs.writeFileSync(
    ARTIFACT,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cores: os.availableParallelism(), memoryGb: os.totalmem() / 2 ** 30, node: process.version },
        photos: {
          count: photos.length,
          sets: Object.fromEntries(PHOTO_SETS.map((s) => [s, photos.filter((p) => p.set === s).length])),
          requests: requestsOf(photos).length,
        },
        results,
        skipped,
      },
      null,
      2,
    ),
  );
  console.log(`results written to ${path.relative(process.cwd(), ARTIFACT)}`);
  if (results.some((r) => r.timedOut)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  if (!interrupted.signal.aborted) console.error(err);
  process.exit(interrupted.signal.aborted ? 130 : 1);
});
