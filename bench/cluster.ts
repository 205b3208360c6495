/**
 * bench:cluster: bench:load's mixed load through HAProxy (deploy/haproxy.cfg) to one and then two
 * compiled API instances (CLUSTER=true) on PostgreSQL and Redis (scripts/cluster.ts). Prints
 * req/s, p50/p99 and errors seen by the client for each, the ratio, and where the CPU went: per
 * request in the API instances and the balancer, and the machine's cores in use.
 *
 *   npm run bench:cluster                         # 30 s per run, 50 connections
 *   options: --duration 30 --connections 50
 *
 * Needs the web build (npm run build) and PostgreSQL, Redis and HAProxy, which the project's
 * scripts start or install (scripts/ensure-*.sh).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { buildServer } from '../scripts/build-server';
import { startCluster, type Cluster } from '../scripts/cluster';
import { openScratchDatabase } from '../scripts/scratchDatabase';
import { NO_RATE_LIMITS } from './support/benchApi';
import { cannon, MIX, seedLoadUsers, type CannonResult } from './support/mixedLoad';
import { cpuSecondsOf, descendantsOf, machineCpuSeconds } from './support/procStats';
import { arg } from './support/args';

const DURATION = Number(arg('duration') ?? 30);
const CONNECTIONS = Number(arg('connections') ?? 50);
const USERS = 5;
const RECEIPTS_PER_USER = 200;
const root = path.resolve(__dirname, '..');

/** What one of the project's ensure-* scripts prints (an address or a path), or a clear failure. */
function ensure(script: string, what: string): string {
  const out = execFileSync('bash', [path.join(root, 'scripts', script)], { encoding: 'utf8' }).trim();
  if (!out) throw new Error(`bench:cluster needs ${what}, and none could be found, started or installed here`);
  return out;
}

interface Run {
  instances: number;
  result: CannonResult;
  apiCpuMsPerRequest: number;
  balancerCpuMsPerRequest: number;
  machineBusyCores: number;
}

async function measure(
  instances: number,
  base: { serverDir: string; webDir: string; pgUrl: string; redisUrl: string; haproxy: string; emulatorHost: string },
): Promise<Run> {
  const { TEST_API_KEY, TEST_PROJECT_ID } = await import('../scripts/testEmulator');
  const db = await openScratchDatabase(base.pgUrl, 'tally_bench_cluster');
  await db.handle.close();
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster({
      serverDir: base.serverDir,
      webDir: base.webDir,
      databaseUrl: db.url!,
      redisUrl: base.redisUrl,
      emulatorHost: base.emulatorHost,
      projectId: TEST_PROJECT_ID,
      apiKey: TEST_API_KEY,
      haproxy: base.haproxy,
      instances,
      workers: 0,
      env: NO_RATE_LIMITS,
    });
    const users = await seedLoadUsers(cluster.apiUrl, USERS, RECEIPTS_PER_USER);
    const pids = cluster.instances.map((i) => i.pid);
    const apiCpu = () => pids.reduce<number>((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), 0);
    // HAProxy's master process forwards nothing: its worker below it does.
    const balancerPids = (() => {
      const master = cluster.balancer.pid;
      return master ? [master, ...descendantsOf(master)] : [];
    })();
    const balancerCpu = () => balancerPids.reduce<number>((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), 0);
    const [api0, lb0, machine0] = [apiCpu(), balancerCpu(), machineCpuSeconds()];
    const result = await cannon({ base: cluster.apiUrl, users, connections: CONNECTIONS, duration: DURATION });
    const [api1, lb1, machine1] = [apiCpu(), balancerCpu(), machineCpuSeconds()];
    const requests = Math.max(1, result.requests.total);
    const wall = (machine1.total - machine0.total) / os.cpus().length;
    return {
      instances,
      result,
      apiCpuMsPerRequest: ((api1 - api0) * 1000) / requests,
      balancerCpuMsPerRequest: ((lb1 - lb0) * 1000) / requests,
      machineBusyCores: (machine1.busy - machine0.busy) / wall,
    };
  } finally {
    await cluster?.stop();
    await db.drop();
  }
}

async function main(): Promise<void> {
  const webDir = path.join(root, 'dist', 'public');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error('No web build in dist/public: run npm run build first');
  const pgUrl = process.env.DATABASE_URL || ensure('ensure-postgres.sh', 'PostgreSQL');
  const redisUrl = ensure('ensure-redis.sh', 'Redis');
  const haproxy = ensure('ensure-haproxy.sh', 'HAProxy');
  process.env.TEST_AUTH_EMULATOR_HOST ??= '127.0.0.1:9389';
  const { emulatorConfigFile, TEST_EMULATOR_HOST, TEST_PROJECT_ID } = await import('../scripts/testEmulator');
  const { startAuthEmulator } = await import('../scripts/emulator');
  const emulator = await startAuthEmulator({ configFile: emulatorConfigFile(TEST_EMULATOR_HOST), host: TEST_EMULATOR_HOST, projectId: TEST_PROJECT_ID });
  const serverDir = path.join(root, '.cache', 'bench-cluster', 'server');
  await buildServer(serverDir);

  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `bench:cluster: ${CONNECTIONS} connections for ${DURATION} s per run through HAProxy; PostgreSQL; ${os.cpus().length} cores, load average ${load}`,
  );
  console.log(`${USERS} people × ${RECEIPTS_PER_USER} receipts seeded per run; mix ${JSON.stringify(MIX)}\n`);
  const base = { serverDir, webDir, pgUrl, redisUrl, haproxy, emulatorHost: TEST_EMULATOR_HOST };
  const runs: Run[] = [];
  try {
    for (const instances of [1, 2]) runs.push(await measure(instances, base));
  } finally {
    await emulator.stop();
  }

  console.log('| API instances | req/s | p50 | p99 | errors | non-2xx | API CPU per request | HAProxy CPU per request | cores busy (machine) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of runs) {
    const { result } = r;
    console.log(
      `| ${r.instances} | ${Math.round(result.requests.average)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.errors + result.timeouts} | ${result.non2xx} | ${r.apiCpuMsPerRequest.toFixed(2)} ms | ${r.balancerCpuMsPerRequest.toFixed(2)} ms | ${r.machineBusyCores.toFixed(2)} of ${os.cpus().length} |`,
    );
  }
  const [one, two] = runs;
  console.log(`\nTwo instances against one: ${(two.result.requests.average / one.result.requests.average).toFixed(2)}× the requests per second.`);
  console.log(
    'On one machine the ratio is bounded by its cores: the instances, PostgreSQL, HAProxy and the load generator share them. The CPU per request is what scales out.',
  );
  if (runs.some((r) => r.result.errors || r.result.timeouts || r.result.non2xx)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
