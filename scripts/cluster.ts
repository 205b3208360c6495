import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './freePort';
import { stopWithParent } from './stopWithParent';

/**
 * Tally as several machines run it, on one machine: API instances and scan workers, each its own
 * compiled process (npm run build:server) with CLUSTER=true, sharing one PostgreSQL and one
 * Redis, behind HAProxy with the repository's deploy/haproxy.cfg. Used by `npm run test:cluster`
 * and `npm run bench:cluster`.
 */
export interface ClusterOptions {
  /** The compiled server: main.js and worker.js. */
  serverDir: string;
  /** The built web app the instances serve (SERVE_WEB). */
  webDir: string;
  databaseUrl: string;
  redisUrl: string;
  emulatorHost: string;
  projectId: string;
  apiKey: string;
  haproxy: string;
  /** API instances started (1 or 2: the balancer's config has two places; an empty one stays down). */
  instances: number;
  workers: number;
  env?: Record<string, string>;
  log?: (source: string, line: string) => void;
}

export interface ClusterProcess {
  name: string;
  readonly running: boolean;
  /** The running process's id (for CPU and memory readings). */
  readonly pid: number | undefined;
  /** Everything the process printed. */
  output(): string;
  /** Starts it (again); resolves once it answers. */
  start(): Promise<void>;
  /** Signals it and resolves with its exit code or signal once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}

export interface ApiInstance extends ClusterProcess {
  /** The balancer's name for it (api1, api2). */
  server: string;
  apiUrl: string;
  webUrl: string;
}

export type ServerState = 'UP' | 'DOWN' | string;

export interface Cluster {
  balancer: ClusterProcess;
  /** The front doors, through the balancer. */
  apiUrl: string;
  webUrl: string;
  statsUrl: string;
  instances: ApiInstance[];
  workers: ClusterProcess[];
  /** What the balancer thinks of each API server (api1, api2). */
  apiStates(): Promise<Record<string, ServerState>>;
  waitForState(server: string, state: ServerState, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const root = path.resolve(__dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One long-running child process of the cluster, restartable, with its output kept. */
function clusterProcess(name: string, args: string[], env: Record<string, string>, ready: () => Promise<boolean>, log?: ClusterOptions['log']): ClusterProcess {
  let child: ChildProcess | null = null;
  let exited: Promise<number | string | null> = Promise.resolve(null);
  let out = '';
  const proc: ClusterProcess = {
    name,
    get running() {
      return !!child && child.exitCode === null && child.signalCode === null;
    },
    get pid() {
      return child?.pid;
    },
    output: () => out,
    async start() {
      const started = spawn(args[0], args.slice(1), { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      child = started;
      const forward = (b: Buffer) => {
        out += b.toString();
        for (const line of b.toString().split('\n')) if (line.trim()) log?.(name, line);
      };
      started.stdout?.on('data', forward);
      started.stderr?.on('data', forward);
      exited = new Promise((resolve) => started.once('exit', (code, signal) => resolve(signal ?? code)));
      stopWithParent(() => started.kill('SIGKILL'), exited);
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (started.exitCode !== null) throw new Error(`${name} exited (${started.exitCode}):\n${out}`);
        if (await ready().catch(() => false)) return;
        await sleep(200);
      }
      started.kill('SIGKILL');
      throw new Error(`${name} did not start within 90 s:\n${out}`);
    },
    async stop(signal = 'SIGTERM') {
      if (proc.running) child!.kill(signal);
      return exited;
    },
  };
  return proc;
}

const answers = (url: string) => async () => (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;

/** The balancer's CSV statistics: one row per proxy and server, with its status. */
async function serverStates(statsUrl: string, backend: string): Promise<Record<string, ServerState>> {
  const csv = await (await fetch(`${statsUrl}/;csv`, { signal: AbortSignal.timeout(2000) })).text();
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  const states: Record<string, ServerState> = {};
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[at('pxname')] === backend && !['FRONTEND', 'BACKEND'].includes(cells[at('svname')])) states[cells[at('svname')]] = cells[at('status')];
  }
  return states;
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const [lbWeb, lbApi, lbStats] = [await freePort(), await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${lbApi}`;
  const webUrl = `http://127.0.0.1:${lbWeb}`;
  const statsUrl = `http://127.0.0.1:${lbStats}`;
  // Nothing on local disk is shared: each process gets its own data folder, to prove it.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-cluster-'));
  const shared: Record<string, string> = {
    NODE_ENV: 'development', // trusts the auth emulator; everything else as in production
    NODE_OPTIONS: '',
    LOG_LEVEL: 'warn',
    CLUSTER: 'true',
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    BLOB_URL_SECRET: crypto.randomBytes(32).toString('hex'),
    PUBLIC_API_URL: apiUrl,
    CORS_ORIGINS: webUrl,
    FIREBASE_PROJECT_ID: opts.projectId,
    FIREBASE_API_KEY: opts.apiKey,
    FIREBASE_AUTH_EMULATOR_HOST: opts.emulatorHost,
    OCR_POOL_SIZE: '1',
    DRAIN_SECONDS: '2',
    ...opts.env,
  };
  const node = (file: string) => [process.execPath, '--enable-source-maps', path.join(opts.serverDir, file)];

  const slots = [1, 2];
  const ports = await Promise.all(slots.map(async () => ({ api: await freePort(), web: await freePort() })));
  const instances: ApiInstance[] = slots.slice(0, opts.instances).map((n, i) => {
    const { api, web } = ports[i];
    const dataDir = fs.mkdtempSync(path.join(scratch, `api${n}-`));
    const env = {
      ...shared,
      API_HOST: '127.0.0.1',
      API_PORT: String(api),
      SERVE_WEB: 'true',
      WEB_PORT: String(web),
      WEB_DIST_DIR: opts.webDir,
      DATA_DIR: dataDir,
    };
    const proc = clusterProcess(`api${n}`, node('main.js'), env, answers(`http://127.0.0.1:${api}/healthz`), opts.log);
    return Object.assign(proc, { server: `api${n}`, apiUrl: `http://127.0.0.1:${api}`, webUrl: `http://127.0.0.1:${web}` });
  });
  const workers: ClusterProcess[] = Array.from({ length: opts.workers }, (_, i) => {
    const dataDir = fs.mkdtempSync(path.join(scratch, `worker${i + 1}-`));
    const ready = async (): Promise<boolean> => /reading receipts/.test(workers[i].output());
    return clusterProcess(`worker${i + 1}`, node('worker.js'), { ...shared, DATA_DIR: dataDir }, ready, opts.log);
  });

  const balancerEnv: Record<string, string> = {
    TALLY_LB_WEB: `127.0.0.1:${lbWeb}`,
    TALLY_LB_API: `127.0.0.1:${lbApi}`,
    TALLY_LB_STATS: `127.0.0.1:${lbStats}`,
  };
  slots.forEach((n, i) => {
    balancerEnv[`TALLY_API_${n}`] = `127.0.0.1:${ports[i].api}`;
    balancerEnv[`TALLY_WEB_${n}`] = `127.0.0.1:${ports[i].web}`;
  });
  // -W: master-worker mode, where SIGUSR1 stops it gracefully; -db: in the foreground.
  const balancer = clusterProcess(
    'haproxy',
    [opts.haproxy, '-W', '-db', '-f', path.join(root, 'deploy', 'haproxy.cfg')],
    balancerEnv,
    answers(statsUrl),
    opts.log,
  );

  const apiStates = () => serverStates(statsUrl, 'api');
  const started: ClusterProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((p) => p.stop('SIGTERM')));
    fs.rmSync(scratch, { recursive: true, force: true });
  };
  try {
    // Instances started together, as a deployment does: migrations take turns on their own.
    for (const p of [...instances, ...workers]) started.push(p);
    await Promise.all([...instances, ...workers].map((p) => p.start()));
    started.push(balancer);
    await balancer.start();
  } catch (err) {
    await stop();
    throw err;
  }
  const cluster: Cluster = {
    balancer,
    apiUrl,
    webUrl,
    statsUrl,
    instances,
    workers,
    apiStates,
    async waitForState(server, state, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      let last: ServerState | undefined;
      while (Date.now() < deadline) {
        last = (await apiStates())[server];
        if (last === state) return;
        await sleep(200);
      }
      throw new Error(`The balancer still says ${server} is ${last}, not ${state}, after ${timeoutMs / 1000} s`);
    },
    stop,
  };
  // Every started instance in rotation before anyone is let in.
  for (const i of instances) await cluster.waitForState(i.server, 'UP');
  return cluster;
}
