import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from '../../../scripts/freePort';
import path from 'node:path';
import { TEST_API_KEY, TEST_PROJECT_ID } from '../../../scripts/testEmulator';

export { freePort };

const root = path.resolve(__dirname, '../../..');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The real API as its own process (src/server/main.ts under tsx, or a compiled build), as production runs it. */
export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code or signal. */
  exited: Promise<number | string | null>;
  kill(signal?: NodeJS.Signals): Promise<number | string | null>;
}

export async function startApi(opts: {
  port: number;
  dataDir: string;
  emulatorHost: string;
  databaseUrl?: string | null;
  timeoutMs?: number;
  /** A compiled server's main.js (scripts/build-server.ts) instead of the TypeScript source. */
  compiledMain?: string;
  env?: Record<string, string>;
}): Promise<ApiProcess> {
  // node itself with tsx's loader, not the tsx CLI: the CLI runs the server as a grandchild, so
  // a signal to the CLI would not reach (or would orphan) the real server.
  const args = opts.compiledMain ? [opts.compiledMain] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      NODE_OPTIONS: '',
      API_HOST: '127.0.0.1',
      API_PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_API_KEY: TEST_API_KEY,
      FIREBASE_AUTH_EMULATOR_HOST: opts.emulatorHost,
      OCR_POOL_SIZE: '1',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const url = `http://127.0.0.1:${opts.port}`;
  const api: ApiProcess = {
    url,
    child,
    output: () => out,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      // Ours only if our process is still running (another one on the port would answer too).
      if ((res.status === 200 || res.status === 503) && child.exitCode === null) return api;
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
  await api.kill('SIGKILL');
  throw new Error(`The API did not start:\n${out}`);
}

/** A TCP proxy the test can cut: the database "goes away" and "comes back" without touching the server. */
export class CuttableProxy {
  private server: net.Server;
  private sockets = new Set<net.Socket>();
  private up = true;
  constructor(
    readonly port: number,
    target: { host: string; port: number },
  ) {
    this.server = net.createServer((client) => {
      if (!this.up) return client.destroy();
      const upstream = net.connect(target.port, target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
  }
  listen(): Promise<void> {
    return new Promise((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }
  /** Drops every open connection and refuses new ones. */
  cut(): void {
    this.up = false;
    for (const s of this.sockets) s.destroy();
  }
  restore(): void {
    this.up = true;
  }
  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
