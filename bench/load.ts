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
 * autocannon runs in a child process (support/mixedLoad.ts) so the load generator does not
 * share the server's event loop; per-route latency is timed in the server (request to finish).
 */
import { NO_RATE_LIMITS, startBenchApi } from './support/benchApi';
import { cannon, MIX, seedLoadUsers } from './support/mixedLoad';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { arg, flag } from './support/args';

const DURATION = Number(arg('duration') ?? 60);
const CONNECTIONS = Number(arg('connections') ?? 100);
const usePg = flag('pg');
const USERS = 5;
const RECEIPTS_PER_USER = 200;
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
  const { app, base, stop } = await startBenchApi({ name: 'load', usePg, env: NO_RATE_LIMITS });

  try {
    const users = await seedLoadUsers(base, USERS, RECEIPTS_PER_USER);

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

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
