/**
 * Abuse: one signed-in person sends hostile JSON bodies in a loop (three at a time: 5 million
 * nested arrays, ~10 MB, to POST /receipts) while another person reads their dashboard and
 * receipts. Prints the other person's read latency (target: p99 < 50 ms), /healthz's, the
 * abuser's answers and the API's memory. The API runs as its own process (PGlite), as
 * production runs it, and the abuser sends from a process of its own, so building and sending
 * its bodies does not delay the reader's measurements.
 *
 *   npm run bench:abuse                      # as configured by default (per-user write limit on)
 *   npm run bench:abuse -- --no-write-limit  # the body checks alone, every hostile body answered
 *   npm run bench:abuse -- --statements      # hostile bank statements to POST /api/import/preview instead
 *   npm run bench:abuse -- --pg              # the API on PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 *   ABUSE_SECONDS=20                         # how long (default 20)
 *   ABUSE_CASES='19 MB field,real'           # only the statements whose names contain one of these
 *   ABUSE_API_NODE_OPTIONS='--require ./p.cjs' # node options of the API's process: a profiler of your own (--cpu-prof is not allowed there)
 *
 * The statements are the outside red team's (issue 49): 19.6 MB of tiny rows, 10,000 columns ×
 * 900 rows, one quoted field of 19 MB, one row of 19 M commas, 19 M empty lines, and a real
 * 49,000-row statement, previewed and committed.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SECONDS = Number(process.env.ABUSE_SECONDS ?? 20);
const ATTACKERS = 3;
/** Seconds the other person reads alone before the attack starts. */
const QUIET_SECONDS = 5;
const NESTING = 5_000_000;
const noWriteLimit = process.argv.includes('--no-write-limit');
const statements = process.argv.includes('--statements');
const onPg = process.argv.includes('--pg');
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The hostile statements, and a real one (the last), each as a multipart form a browser sends. */
async function statementForms(): Promise<{ name: string; body: Buffer; type: string }[]> {
  const rows = (n: number, row: (i: number) => string) => Array.from({ length: n }, (_, i) => row(i)).join('\n');
  const files: [string, string][] = [
    ['tiny rows', `a,b\n${'x,y\n'.repeat(4_900_000)}`],
    ['10,000 columns', rows(900, () => rows(10_000, () => 'c').replace(/\n/g, ','))],
    ['19 MB field', `a,b\n"${'x'.repeat(19_000_000)}",1\n`],
    ['19 M commas', `a,b\n${','.repeat(19_000_000)}\n`],
    ['19 M empty lines', `a,b\n${'\n'.repeat(19_000_000)}1,2\n`],
    [
      'real 49,000 rows',
      `Date,Description,Amount\n${rows(49_000, (i) => `2026-01-${String(1 + (i % 28)).padStart(2, '0')},CARD PAYMENT TO SHOP ${i % 400} LTD,-${(1 + (i % 97)).toFixed(2)}`)}`,
    ],
  ];
  const only = process.env.ABUSE_CASES?.split(',').map((c) => c.trim());
  return Promise.all(
    files
      .filter(([name]) => !only || only.some((c) => name.includes(c)))
      .map(async ([name, text]) => {
        const form = new FormData();
        form.append('file', new Blob([text], { type: 'text/csv' }), 'statement.csv');
        const req = new Request('http://localhost/', { method: 'POST', body: form });
        return { name, body: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
      }),
  );
}

/**
 * One small statement previewed and committed before the clock starts: the first commit of a
 * test-mode API opens its job queue (pg-boss's tables made, seconds of the embedded database),
 * which production does at start-up, and compiles the import routes' schemas.
 */
async function warmUp(url: string, headers: Record<string, string>): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob(['Date,Description,Amount\n2026-01-02,WARM UP,-1.00\n'], { type: 'text/csv' }), 'statement.csv');
  const { authorization } = headers;
  const previewed = await fetch(`${url}/api/import/preview`, { method: 'POST', headers: { authorization }, body: form });
  if (previewed.status !== 200) throw new Error(`warm-up preview: ${previewed.status}`);
  const { id } = (await previewed.json()) as { id: string };
  let res = await fetch(`${url}/api/import/commit`, { method: 'POST', headers, body: JSON.stringify({ preview_id: id }) });
  while (res.status === 202 && ((await res.json()) as { status: string }).status === 'importing') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    res = await fetch(`${url}/api/import/commit/${id}`, { headers: { authorization } });
  }
}

type AbuserMessage = { started?: boolean; bytes?: number; answers?: Record<string, number>; times?: number[]; slowest?: Record<string, number> };

/** The abuser's process: sends hostile bodies in ATTACKERS loops until told to stop, then reports. */
async function abuser(url: string, headers: Record<string, string>): Promise<void> {
  const hostile = Buffer.from(`{"store_name":"x","date":"2026-01-02","total_amount":1,"shared_expenses":${'['.repeat(NESTING)}${']'.repeat(NESTING)}}`);
  let stop = false;
  process.on('message', () => {
    stop = true;
  });
  const answers: Record<string, number> = {};
  const times: number[] = [];
  /** The longest answer of each kind of request: which statement keeps its sender (and maybe everyone) waiting. */
  const slowest: Record<string, number> = {};
  const forms = statements ? await statementForms() : [];
  const send = async (path: string, init: RequestInit, label: string) => {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, init).catch(() => null);
    const body = await res?.text().catch(() => '');
    const took = performance.now() - t0;
    times.push(took);
    slowest[label] = Math.max(slowest[label] ?? 0, Math.round(took));
    const key = `${label} ${res?.status ?? 0}`;
    answers[key] = (answers[key] ?? 0) + 1;
    return { status: res?.status ?? 0, body: body ?? '', retryAfter: res?.headers.get('retry-after') };
  };
  let next = 0;
  const attack = async () => {
    while (!stop) {
      if (!statements) {
        await send('/receipts', { method: 'POST', headers, body: hostile }, 'POST /receipts');
        continue;
      }
      const form = forms[next++ % forms.length];
      const { authorization } = headers;
      const previewed = await send(
        '/api/import/preview',
        { method: 'POST', headers: { authorization, 'content-type': form.type }, body: new Uint8Array(form.body) },
        form.name,
      );
      // Told to come back (another statement being read): as a person's second try would, after the wait asked.
      if (previewed.status === 503) await new Promise((resolve) => setTimeout(resolve, 1000 * Number(previewed.retryAfter ?? 1)));
      if (previewed.status !== 200) continue;
      const { id } = JSON.parse(previewed.body) as { id: string };
      let committed = await send('/api/import/commit', { method: 'POST', headers, body: JSON.stringify({ preview_id: id }) }, 'commit');
      while (!stop && committed.status === 202 && (JSON.parse(committed.body) as { status: string }).status === 'importing') {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        committed = await send(`/api/import/commit/${id}`, { headers: { authorization } }, 'follow');
      }
    }
  };
  if (statements) await warmUp(url, headers);
  process.send!({ started: true, bytes: statements ? forms.reduce((n, f) => n + f.body.length, 0) : hostile.length } satisfies AbuserMessage);
  await Promise.all(Array.from({ length: ATTACKERS }, attack));
  process.send!({ answers, times, slowest } satisfies AbuserMessage);
  process.disconnect();
}

const percentile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main(): Promise<void> {
  process.env.TEST_AUTH_EMULATOR_HOST ??= '127.0.0.1:9199';
  if (noWriteLimit) process.env.WRITE_RATE_LIMIT_PER_MINUTE = '0';
  // The reader reads as fast as it can, far past a person's read limit: what is measured is what it waits.
  process.env.READ_RATE_LIMIT_PER_MINUTE ??= '0';
  const { emulatorConfigFile, emulatorSignUp, uniqueEmail, TEST_EMULATOR_HOST, TEST_PROJECT_ID } = await import('../scripts/testEmulator');
  const { startAuthEmulator } = await import('../scripts/emulator');
  const { startApi, freePort } = await import('../__tests__/server/security/processes');

  const emulator = await startAuthEmulator({ configFile: emulatorConfigFile(TEST_EMULATOR_HOST), host: TEST_EMULATOR_HOST, projectId: TEST_PROJECT_ID });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-bench-abuse-'));
  const apiNodeOptions = process.env.ABUSE_API_NODE_OPTIONS;
  const api = await startApi({
    port: await freePort(),
    dataDir,
    emulatorHost: TEST_EMULATOR_HOST,
    databaseUrl: onPg ? PG_URL : null,
    ...(apiNodeOptions ? { env: { NODE_OPTIONS: apiNodeOptions } } : {}),
  });
  const rss = async () => Number(fs.readFileSync(`/proc/${api.child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  try {
    const person = async (name: string) => {
      const email = uniqueEmail(name);
      const { uid, token } = await emulatorSignUp(email, 'secret-pass-1', name);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const res = await fetch(`${api.url}/api/auth/register`, { method: 'POST', headers, body: JSON.stringify({ user_id: uid, email, display_name: name }) });
      if (res.status !== 201) throw new Error(`register: ${res.status}`);
      return headers;
    };
    const [attacker, reader] = await Promise.all([person('attacker'), person('reader')]);
    for (let i = 0; i < 20; i++) {
      await fetch(`${api.url}/receipts`, { method: 'POST', headers: reader, body: JSON.stringify({ store: `Shop ${i}`, date: '2026-01-05', amount: 4 + i }) });
    }
    const rssBefore = await rss();

    let stop = false;
    let healthFailures = 0;
    const read = async (url: string, headers: Record<string, string>, into: number[], until: () => boolean) => {
      while (!until()) {
        const t0 = performance.now();
        const res = await fetch(`${api.url}${url}`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) {
          if (url !== '/healthz') throw new Error(`${url}: ${res.status}`);
          healthFailures++;
        }
        into.push(performance.now() - t0);
      }
    };
    // The same reads with nobody attacking first: what this machine, at its present load, gives at best.
    const quiet: number[] = [];
    const quietUntil = Date.now() + QUIET_SECONDS * 1000;
    const quietOver = () => Date.now() > quietUntil;
    await Promise.all([read('/dashboard', reader, quiet, quietOver), read('/receipts?limit=20', reader, quiet, quietOver)]);

    // The abuser runs in its own process (this file with --abuser).
    const child = fork(__filename, ['--abuser', api.url, JSON.stringify(attacker), ...(statements ? ['--statements'] : [])], { execArgv: process.execArgv });
    const next = () => new Promise<AbuserMessage>((resolve) => child.once('message', resolve));
    const { bytes = 0 } = await next();
    const reads: number[] = [];
    const health: number[] = [];
    const stopped = () => stop;
    const loops = [read('/dashboard', reader, reads, stopped), read('/receipts?limit=20', reader, reads, stopped), read('/healthz', {}, health, stopped)];
    let peak = rssBefore;
    const started = Date.now();
    while (Date.now() - started < SECONDS * 1000) {
      await new Promise((r) => setTimeout(r, 500));
      peak = Math.max(peak, await rss());
    }
    stop = true;
    const report = next();
    child.send('stop');
    const { answers = {}, times: attackTimes = [], slowest = {} } = await report;
    await Promise.all(loops);

    reads.sort((a, b) => a - b);
    quiet.sort((a, b) => a - b);
    health.sort((a, b) => a - b);
    attackTimes.sort((a, b) => a - b);
    const what = statements
      ? `hostile statements (${(bytes / 1e6).toFixed(1)} MB in all) to POST /api/import/preview, the real one committed`
      : `${(bytes / 1e6).toFixed(1)} MB bodies (${NESTING.toLocaleString('en-US')} nested arrays) to POST /receipts`;
    console.log(
      `Abuse for ${SECONDS} s on ${onPg ? 'PostgreSQL' : 'PGlite'}: ${ATTACKERS} loops of ${what}; per-user write limit ${noWriteLimit ? 'off' : 'on'}`,
    );
    console.log(
      `  attacker: ${attackTimes.length} requests, answers ${JSON.stringify(answers)}, each answered in p50 ${ms(percentile(attackTimes, 0.5))}, p99 ${ms(percentile(attackTimes, 0.99))}`,
    );
    console.log(`  attacker's slowest answer of each kind (ms): ${JSON.stringify(slowest)}`);
    console.log(
      `  other user's GETs (/dashboard, /receipts): ${reads.length} reads, p50 ${ms(percentile(reads, 0.5))}, p99 ${ms(percentile(reads, 0.99))}, max ${ms(reads[reads.length - 1] ?? 0)}`,
    );
    console.log(
      `  the same GETs before the attack (${QUIET_SECONDS} s, nobody else sending): ${quiet.length} reads, p50 ${ms(percentile(quiet, 0.5))}, p99 ${ms(percentile(quiet, 0.99))}`,
    );
    console.log(
      `  /healthz: ${health.length} reads, ${healthFailures} not answered 200, p50 ${ms(percentile(health, 0.5))}, p99 ${ms(percentile(health, 0.99))}`,
    );
    console.log(`  API memory (RSS): ${rssBefore.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`);
    const met = percentile(reads, 0.99) < 50 && healthFailures === 0 && peak < 600;
    console.log(`  target: other user's GET p99 < 50 ms, /healthz answered every time, API RSS < 600 MB — ${met ? 'met' : 'NOT met'}`);
    console.log(
      `  machine load (uptime): ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} on ${os.cpus().length} cores`,
    );
  } finally {
    await api.kill('SIGTERM');
    await emulator.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const abuserAt = process.argv.indexOf('--abuser');
(abuserAt >= 0 ? abuser(process.argv[abuserAt + 1], JSON.parse(process.argv[abuserAt + 2]) as Record<string, string>) : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
