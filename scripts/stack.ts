import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startAuthEmulator, type Emulator } from './emulator';
import { stopWithParent } from './stopWithParent';

/**
 * The whole system on one machine: the auth emulator, the API and the web server, each its own
 * process. Used by `npm start` and by the browser tests (on their own ports and data folder).
 */
export interface StackOptions {
  env: Record<string, string>;
  emulatorConfigFile: string;
  /** Keep emulator accounts across restarts in this folder (npm start), or not (tests). */
  emulatorDataDir?: string;
  log?: (source: string, line: string) => void;
}

export interface Stack {
  apiUrl: string;
  webUrl: string;
  stop(): Promise<void>;
}

const root = path.resolve(__dirname, '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

function startNode(name: string, script: string, env: Record<string, string>, log?: StackOptions['log']): ChildProcess {
  const child = spawn(tsx, [script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (b: Buffer) => {
    for (const line of b.toString().split('\n')) if (line.trim()) log?.(name, line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  stopWithParent(() => child.kill('SIGTERM'), new Promise((r) => child.once('exit', r)));
  return child;
}

async function waitFor(url: string, child: ChildProcess, name: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
  await exited;
  clearTimeout(timer);
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const env = opts.env;
  let emulator: Emulator | null = null;
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    emulator = await startAuthEmulator({
      configFile: opts.emulatorConfigFile,
      host: env.FIREBASE_AUTH_EMULATOR_HOST,
      projectId: env.FIREBASE_PROJECT_ID ?? 'demo-tally',
      dataDir: opts.emulatorDataDir,
      log: (l) => opts.log?.('auth', l.trim()),
    });
  }
  const apiUrl = `http://127.0.0.1:${env.API_PORT ?? '8000'}`;
  const webUrl = `http://localhost:${env.WEB_PORT ?? '8080'}`;
  const api = startNode('api', 'src/server/main.ts', env, opts.log);
  const web = startNode('web', 'src/server/web/main.ts', env, opts.log);
  const stop = async () => {
    await Promise.all([stopChild(web), stopChild(api)]);
    await emulator?.stop();
  };
  try {
    await Promise.all([
      waitFor(`${apiUrl}/healthz`, api, 'The API'),
      waitFor(`${webUrl.replace('localhost', '127.0.0.1')}/config.json`, web, 'The web server'),
    ]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { apiUrl, webUrl, stop };
}
