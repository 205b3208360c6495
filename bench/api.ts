/**
 * API throughput: the real app (PGlite in a temp folder, the real auth emulator) with one user
 * holding 100 receipts, loaded by autocannon at 50 connections on the routes the web app calls
 * most. A bare Fastify route answering a fixed JSON object runs in the same process and the same
 * run: it is the ceiling every route is compared to, measured just before and just after that
 * route. Target: at least 40% of the ceiling on every route, p99 under 25 ms.
 *
 *   npm run bench:api                  # PGlite (default)
 *   options: --duration 10 --connections 50 --pg (PostgreSQL at DATABASE_URL)
 *
 * autocannon runs in its own process so that the load generator does not share the server's
 * event loop. The server logs at LOG_LEVEL (default 'warn', as production runs).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { NO_RATE_LIMITS, startBenchApi } from './support/benchApi';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { arg, flag } from './support/args';

const DURATION = Number(arg('duration') ?? 10);
const CONNECTIONS = Number(arg('connections') ?? 50);
const WARMUP = Math.min(3, Math.max(1, Math.round(DURATION / 4)));
const usePg = flag('pg');
const RECEIPTS = 100;

const root = path.resolve(__dirname, '..');
// scripts/testEmulator reads the emulator address when first imported: one place decides it.
process.env.TEST_AUTH_EMULATOR_HOST ??= '127.0.0.1:9199';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** One autocannon run in a child process; answers its JSON result. */
function cannon(url: string, seconds: number, headers: Record<string, string> = {}): Promise<CannonResult> {
  const cli = path.join(root, 'node_modules/autocannon/autocannon.js');
  const argv = [cli, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', '-n'];
  for (const [k, v] of Object.entries(headers)) argv.push('-H', `${k}=${v}`);
  argv.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      try {
        resolve(JSON.parse(out) as CannonResult);
      } catch (err) {
        reject(err);
      }
    });
  });
}

const port = (address: AddressInfo | string | null) => (address as AddressInfo).port;

async function main(): Promise<void> {
  const { emulatorSignUp, uniqueEmail } = await import('../scripts/testEmulator');
  const { DEFAULT_CATEGORIES } = await import('../src/shared/categories');
  const { base, logLevel, stop } = await startBenchApi({ name: 'api', usePg, env: NO_RATE_LIMITS });

  // The ceiling: what Fastify alone does on this machine in this process.
  const bare = Fastify({ logger: false });
  const fixed = { ok: true, message: 'fixed answer', values: [1, 2, 3] };
  bare.get('/ceiling', async () => fixed);
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const ceilingUrl = `http://127.0.0.1:${port(bare.server.address())}/ceiling`;

  try {
    // One user with data, made the way the web app makes it.
    const email = uniqueEmail('bench');
    const { uid, token } = await emulatorSignUp(email, 'secret-pass-1', 'Bench User');
    const auth = { authorization: `Bearer ${token}` };
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res;
    };
    await call('POST', '/api/auth/register', { user_id: uid, email, display_name: 'Bench User' });
    await call('POST', '/dashboard/budget', { amount: 5000 });
    const categories = DEFAULT_CATEGORIES.map((c) => c.name);
    const today = new Date();
    for (let i = 0; i < RECEIPTS; i++) {
      const d = new Date(today.getTime() - (i % 80) * 86_400_000);
      await call('POST', '/receipts', {
        store: `Store ${i % 17}`,
        date: d.toISOString().slice(0, 10),
        amount: 5 + ((i * 37) % 9000) / 100,
        category: categories[i % categories.length],
        description: i % 3 ? `Receipt ${i}` : '',
        paymentMethod: 'Card',
      });
    }
    const count = Number((await call('GET', '/receipts?limit=100')).headers.get('x-total-count'));
    if (count !== RECEIPTS) throw new Error(`expected ${RECEIPTS} receipts, the API holds ${count}`);

    const routes: [string, string][] = [
      ['GET /dashboard', `${base}/dashboard`],
      [`GET /receipts (${RECEIPTS})`, `${base}/receipts?limit=${RECEIPTS}`],
      ['GET /notifications/count', `${base}/notifications/count`],
      ['GET /api/analytics', `${base}/api/analytics`],
    ];
    // The machine may be doing other work that comes and goes: the ceiling is measured right
    // before and after every route (ceiling, route, ceiling, route, ..., ceiling), and each route
    // is compared to the mean of the two ceiling runs around it, not to one run a minute earlier.
    // The server's CPU time per answer (this process; autocannon runs in its own): unlike
    // requests/s it hardly moves when other work shares the machine, so two builds or two sets of
    // V8 flags can be compared on a busy machine too.
    const measure = async (name: string, url: string, headers: Record<string, string>) => {
      const cpuBefore = process.cpuUsage();
      const r = await cannon(url, DURATION, headers);
      const cpu = process.cpuUsage(cpuBefore);
      if (r.non2xx || r.errors || r.timeouts) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
      return { ...r, cpuUsPerRequest: (cpu.user + cpu.system) / Math.max(1, r.requests.total) };
    };
    await cannon(ceilingUrl, WARMUP);
    const ceilings = [await measure('ceiling', ceilingUrl, {})];
    const rows: { name: string; r: CannonResult & { cpuUsPerRequest: number } }[] = [];
    for (const [name, url] of routes) {
      await cannon(url, WARMUP, auth); // JIT, caches and connections settle first
      rows.push({ name, r: await measure(name, url, auth) });
      ceilings.push(await measure('ceiling', ceilingUrl, {}));
    }

    const rps = (r: CannonResult) => Math.round(r.requests.average);
    console.log(`API throughput (${usePg ? 'PostgreSQL' : 'PGlite'}, autocannon ${CONNECTIONS} connections, ${DURATION} s per run, log level ${logLevel})`);
    console.log(
      `bare Fastify (ceiling), requests/s in its ${ceilings.length} runs: ${ceilings.map(rps).join(', ')}; p99 at most ${Math.max(...ceilings.map((c) => c.latency.p99))} ms`,
    );
    console.log('| route | requests/s | p50 | p99 | ceiling around it (requests/s) | of ceiling | server CPU per request | target (>= 40%, p99 < 25 ms) |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    rows.forEach(({ name, r }, i) => {
      const ceiling = (ceilings[i].requests.average + ceilings[i + 1].requests.average) / 2;
      const ratio = r.requests.average / ceiling;
      const ok = ratio >= 0.4 && r.latency.p99 < 25;
      console.log(
        `| ${name} | ${rps(r)} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${Math.round(ceiling)} | ${(ratio * 100).toFixed(0)}% | ${Math.round(r.cpuUsPerRequest)} µs | ${ok ? 'met' : 'MISSED'} |`,
      );
    });
  } finally {
    await bare.close();
    await stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
