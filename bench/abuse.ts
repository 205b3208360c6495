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
 *   ABUSE_SECONDS=20                         # how long (default 20)
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SECONDS = Number(process.env.ABUSE_SECONDS ?? 20);
const ATTACKERS = 3;
const NESTING = 5_000_000;
const noWriteLimit = process.argv.includes('--no-write-limit');

type AbuserMessage = { started?: boolean; bytes?: number; answers?: Record<number, number>; times?: number[] };

/** The abuser's process: sends hostile bodies in ATTACKERS loops until told to stop, then reports. */
async function abuser(url: string, headers: Record<string, string>): Promise<void> {
  const hostile = Buffer.from(`{"store_name":"x","date":"2026-01-02","total_amount":1,"shared_expenses":${'['.repeat(NESTING)}${']'.repeat(NESTING)}}`);
  let stop = false;
  process.on('message', () => {
    stop = true;
  });
  const answers: Record<number, number> = {};
  const times: number[] = [];
  const attack = async () => {
    while (!stop) {
      const t0 = performance.now();
      const res = await fetch(`${url}/receipts`, { method: 'POST', headers, body: hostile }).catch(() => null);
      await res?.arrayBuffer().catch(() => undefined);
      times.push(performance.now() - t0);
      const status = res?.status ?? 0;
      answers[status] = (answers[status] ?? 0) + 1;
    }
  };
  process.send!({ started: true, bytes: hostile.length } satisfies AbuserMessage);
  await Promise.all(Array.from({ length: ATTACKERS }, attack));
  process.send!({ answers, times } satisfies AbuserMessage);
  process.disconnect();
}

const percentile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main(): Promise<void> {
  process.env.TEST_AUTH_EMULATOR_HOST ??= '127.0.0.1:9199';
  if (noWriteLimit) process.env.WRITE_RATE_LIMIT_PER_MINUTE = '0';
  const { emulatorConfigFile } = await import('../__tests__/setup/globalSetup');
  const { TEST_EMULATOR_HOST, TEST_PROJECT_ID } = await import('../__tests__/setup/env');
  const { startAuthEmulator } = await import('../scripts/emulator');
  const { emulatorSignUp, uniqueEmail } = await import('../__tests__/server/helpers');
  const { startApi, freePort } = await import('../__tests__/server/security/processes');

  const emulator = await startAuthEmulator({ configFile: emulatorConfigFile(TEST_EMULATOR_HOST), host: TEST_EMULATOR_HOST, projectId: TEST_PROJECT_ID });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-bench-abuse-'));
  const api = await startApi({ port: await freePort(), dataDir, emulatorHost: TEST_EMULATOR_HOST, databaseUrl: null });
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
    // The abuser runs in its own process (this file with --abuser).
    const child = fork(__filename, ['--abuser', api.url, JSON.stringify(attacker)], { execArgv: process.execArgv });
    const next = () => new Promise<AbuserMessage>((resolve) => child.once('message', resolve));
    const { bytes = 0 } = await next();
    const read = async (url: string, headers: Record<string, string>, into: number[]) => {
      while (!stop) {
        const t0 = performance.now();
        const res = await fetch(`${api.url}${url}`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
        into.push(performance.now() - t0);
      }
    };
    const reads: number[] = [];
    const health: number[] = [];
    const loops = [read('/dashboard', reader, reads), read('/receipts?limit=20', reader, reads), read('/healthz', {}, health)];
    let peak = rssBefore;
    const started = Date.now();
    while (Date.now() - started < SECONDS * 1000) {
      await new Promise((r) => setTimeout(r, 500));
      peak = Math.max(peak, await rss());
    }
    stop = true;
    const report = next();
    child.send('stop');
    const { answers = {}, times: attackTimes = [] } = await report;
    await Promise.all(loops);

    reads.sort((a, b) => a - b);
    health.sort((a, b) => a - b);
    attackTimes.sort((a, b) => a - b);
    console.log(
      `Abuse for ${SECONDS} s: ${ATTACKERS} loops of ${(bytes / 1e6).toFixed(1)} MB bodies (${NESTING.toLocaleString('en-US')} nested arrays) to POST /receipts; per-user write limit ${noWriteLimit ? 'off' : 'on'}`,
    );
    console.log(
      `  attacker: ${attackTimes.length} requests, answers ${JSON.stringify(answers)}, each answered in p50 ${ms(percentile(attackTimes, 0.5))}, p99 ${ms(percentile(attackTimes, 0.99))}`,
    );
    console.log(
      `  other user's GETs (/dashboard, /receipts): ${reads.length} reads, p50 ${ms(percentile(reads, 0.5))}, p99 ${ms(percentile(reads, 0.99))}, max ${ms(reads[reads.length - 1] ?? 0)}`,
    );
    console.log(`  /healthz: ${health.length} reads, p50 ${ms(percentile(health, 0.5))}, p99 ${ms(percentile(health, 0.99))}`);
    console.log(`  API memory (RSS): ${rssBefore.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`);
    console.log(`  target: other user's GET p99 < 50 ms — ${percentile(reads, 0.99) < 50 ? 'met' : 'NOT met'}`);
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
