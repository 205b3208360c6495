/**
 * Load: the real app (PGlite in a temp folder, the real auth emulator) with seeded users and
 * receipts, driven by autocannon at 100 connections for 60 s with the mix the web app produces:
 * dashboard, receipt list with search, receipt detail, create, notification count, analytics.
 * Prints throughput and p50/p99 per route and overall, errors and 5xx, and the server's RSS in
 * the first against the last 10 s. Local only (127.0.0.1). Not part of the test suite.
 *
 *   npx tsx bench/load.ts                       # 60 s, 100 connections
 *   options: --duration 20 --connections 100 --pg (PostgreSQL at DATABASE_URL)
 *
 * autocannon runs in a child process (this file with --cannon) so the load generator does not
 * share the server's event loop; per-route latency is timed in the server (request to finish).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { NO_WRITE_LIMIT, startBenchApi } from './support/benchApi';
import type { IncomingMessage, ServerResponse } from 'node:http';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const DURATION = Number(arg('duration') ?? 60);
const CONNECTIONS = Number(arg('connections') ?? 100);
const usePg = args.includes('--pg');
const USERS = 5;
const RECEIPTS_PER_USER = 200;
/** The mix, as the share of requests of each kind. */
const MIX = { dashboard: 3, search: 2, list: 2, detail: 3, create: 1, count: 4, analytics: 1 } as const;
type Kind = keyof typeof MIX;

interface CannonPlan {
  base: string;
  users: Array<{ token: string; receiptIds: string[] }>;
  connections: number;
  duration: number;
}

/** Child mode: run autocannon with the mix and print its result as JSON. */
async function runCannon(plan: CannonPlan): Promise<void> {
  const autocannon = (await import('autocannon')).default;
  const kinds = (Object.keys(MIX) as Kind[]).flatMap((k) => Array<Kind>(MIX[k]).fill(k));
  let n = 0;
  const today = new Date().toISOString().slice(0, 10);
  const result = await autocannon({
    url: plan.base,
    connections: plan.connections,
    duration: plan.duration,
    timeout: 10,
    requests: [
      {
        setupRequest: (req) => {
          const i = n++;
          const user = plan.users[i % plan.users.length];
          const headers = { authorization: `Bearer ${user.token}` };
          switch (kinds[i % kinds.length]) {
            case 'dashboard':
              return { ...req, method: 'GET', path: '/dashboard', headers };
            case 'search':
              return { ...req, method: 'GET', path: `/receipts?search=Store%20${i % 17}&limit=50`, headers };
            case 'list':
              return { ...req, method: 'GET', path: '/receipts?limit=50&sort=amount&order=desc', headers };
            case 'detail':
              return { ...req, method: 'GET', path: `/receipts/${user.receiptIds[i % user.receiptIds.length]}`, headers };
            case 'count':
              return { ...req, method: 'GET', path: '/notifications/count', headers };
            case 'analytics':
              return { ...req, method: 'GET', path: `/api/analytics?range=${['weekly', 'monthly', 'yearly'][i % 3]}`, headers };
            case 'create':
              return {
                ...req,
                method: 'POST',
                path: '/receipts',
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify({ store: `Load ${i % 50}`, date: today, amount: 1 + (i % 5000) / 100, category: 'Food' }),
              };
          }
        },
      },
    ],
  });
  process.stdout.write(JSON.stringify(result));
}

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '5xx': number;
}

function cannon(plan: CannonPlan): Promise<CannonResult> {
  const tsx = path.join(__dirname, '..', 'node_modules', '.bin', 'tsx');
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [__filename, '--cannon'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as CannonResult) : reject(new Error(`autocannon exited with ${code}`))));
    child.stdin.end(JSON.stringify(plan));
  });
}

/** Which route of the mix a request was, from its method and path. */
function routeOf(method: string, url: string): string {
  const p = url.split('?')[0];
  if (method === 'POST' && p === '/receipts') return 'POST /receipts';
  if (p.startsWith('/receipts/')) return 'GET /receipts/:id';
  if (p === '/receipts') return url.includes('search=') ? 'GET /receipts?search' : 'GET /receipts';
  return `${method} ${p}`;
}

const percentile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);

async function main(): Promise<void> {
  const { emulatorSignUp, uniqueEmail } = await import('../__tests__/server/helpers');
  const { DEFAULT_CATEGORIES } = await import('../src/shared/categories');
  const { app, base, stop } = await startBenchApi({ name: 'load', usePg, env: NO_WRITE_LIMIT });

  try {
    const users: CannonPlan['users'] = [];
    const categories = DEFAULT_CATEGORIES.map((c) => c.name);
    for (let u = 0; u < USERS; u++) {
      const email = uniqueEmail('load');
      const { uid, token } = await emulatorSignUp(email, 'secret-pass-1', `Load User ${u}`);
      const call = async (method: string, url: string, body?: unknown) => {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      await call('POST', '/api/auth/register', { user_id: uid, email, display_name: `Load User ${u}` });
      await call('POST', '/dashboard/budget', { amount: 5000 });
      const receiptIds: string[] = [];
      for (let i = 0; i < RECEIPTS_PER_USER; i++) {
        const d = new Date(Date.now() - (i % 300) * 86_400_000).toISOString().slice(0, 10);
        const r = await call('POST', '/receipts', {
          store: `Store ${i % 17}`,
          date: d,
          amount: 5 + ((i * 37) % 9000) / 100,
          category: categories[i % categories.length],
          description: `Receipt ${i}`,
        });
        receiptIds.push(r.id);
      }
      users.push({ token, receiptIds });
    }

    // Server-side timing per route, and RSS once a second.
    const timings = new Map<string, number[]>();
    const serverErrors = new Map<string, number>();
    const onRequest = (req: IncomingMessage, res: ServerResponse) => {
      const start = process.hrtime.bigint();
      res.once('finish', () => {
        const route = routeOf(req.method ?? 'GET', req.url ?? '/');
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        (timings.get(route) ?? timings.set(route, []).get(route)!).push(ms);
        if (res.statusCode >= 500) serverErrors.set(route, (serverErrors.get(route) ?? 0) + 1);
      });
    };
    app.server.on('request', onRequest);
    const rss: number[] = [];
    const sampler = setInterval(() => rss.push(process.memoryUsage().rss), 1000);

    console.log(
      `Load: ${CONNECTIONS} connections for ${DURATION} s on ${usePg ? 'PostgreSQL' : 'PGlite'}; ${USERS} users × ${RECEIPTS_PER_USER} receipts seeded; mix ${JSON.stringify(MIX)}`,
    );
    const result = await cannon({ base, users, connections: CONNECTIONS, duration: DURATION });
    clearInterval(sampler);
    app.server.off('request', onRequest);

    console.log('| route | requests | req/s | p50 (server) | p99 (server) | 5xx |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    const all: number[] = [];
    for (const [route, list] of [...timings].sort()) {
      const sorted = [...list].sort((x, y) => x - y);
      all.push(...list);
      console.log(
        `| ${route} | ${list.length} | ${(list.length / DURATION).toFixed(0)} | ${percentile(sorted, 0.5).toFixed(1)} ms | ${percentile(sorted, 0.99).toFixed(1)} ms | ${serverErrors.get(route) ?? 0} |`,
      );
    }
    all.sort((x, y) => x - y);
    console.log(
      `| overall (server) | ${all.length} | ${(all.length / DURATION).toFixed(0)} | ${percentile(all, 0.5).toFixed(1)} ms | ${percentile(all, 0.99).toFixed(1)} ms | ${[...serverErrors.values()].reduce((a, b) => a + b, 0)} |`,
    );
    console.log(
      `Client side (autocannon): ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, 5xx ${result['5xx']}`,
    );
    const mb = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length) / 1024 / 1024;
    const first = rss.slice(0, 10);
    const last = rss.slice(-10);
    console.log(
      `RSS: first 10 s ${mb(first).toFixed(0)} MB, last 10 s ${mb(last).toFixed(0)} MB (${(((mb(last) - mb(first)) / mb(first)) * 100).toFixed(1)}%)`,
    );
    if (result.errors || result.timeouts || result.non2xx || result['5xx']) process.exitCode = 1;
  } finally {
    await stop();
  }
}

if (args.includes('--cannon')) {
  let input = '';
  process.stdin.on('data', (b: Buffer) => (input += b.toString()));
  process.stdin.on('end', () => {
    runCannon(JSON.parse(input) as CannonPlan).catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  });
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
