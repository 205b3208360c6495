import { spawn, type ChildProcess } from 'node:child_process';
import { stopWithParent } from './stopWithParent';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Starts the Firebase Auth emulator (firebase-tools) and waits until it answers. CI=true and the
 * disabled UI keep it offline: otherwise it tries to download the UI and exits.
 */
export interface Emulator {
  host: string;
  projectId: string;
  stop(): Promise<void>;
}

const root = path.resolve(__dirname, '..');

export async function isUp(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** How far an emulator's tokens may be stamped from this process's clock before they read as expired or not yet valid. */
const MAX_CLOCK_SKEW_SECONDS = 300;

/**
 * Refuses an emulator whose clock is not this process's: one left running by a run under
 * faketime (or another fixed clock) issues tokens this process reads as expired. A fresh
 * anonymous account's token tells its clock.
 */
export async function assertSameClock(host: string): Promise<void> {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=clock-check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ returnSecureToken: true }),
  });
  const { idToken } = (await res.json()) as { idToken?: string };
  if (!idToken) throw new Error(`The auth emulator on ${host} gave no token (${res.status})`);
  const { iat } = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()) as { iat: number };
  const skew = Math.round(iat - Date.now() / 1000);
  if (Math.abs(skew) > MAX_CLOCK_SKEW_SECONDS) {
    throw new Error(
      `The auth emulator on ${host} runs ${skew} s off this process's clock (one left by a run under faketime?): its tokens would read as expired. Stop it, or set TEST_AUTH_EMULATOR_HOST to another port.`,
    );
  }
}

export async function startAuthEmulator(opts: {
  configFile: string;
  host: string;
  projectId: string;
  dataDir?: string;
  log?: (line: string) => void;
}): Promise<Emulator> {
  if (await isUp(opts.host)) {
    return { host: opts.host, projectId: opts.projectId, stop: async () => undefined };
  }
  const bin = path.join(root, 'node_modules', '.bin', 'firebase');
  const args = ['emulators:start', '--only', 'auth', '--project', opts.projectId, '--config', opts.configFile];
  if (opts.dataDir) {
    // Accounts survive restarts: imported at start when present, exported on a clean exit.
    fs.mkdirSync(opts.dataDir, { recursive: true });
    if (fs.existsSync(path.join(opts.dataDir, 'firebase-export-metadata.json'))) args.push('--import', opts.dataDir);
    args.push('--export-on-exit', opts.dataDir);
  }
  // Without a log callback its output goes to a file, not a pipe: an emulator outliving a parent
  // that was killed outright (no exit handler ran) is reused by the next run, and with a closed
  // pipe it would die on the first line it logs.
  const logFile = opts.log ? undefined : path.join(root, '.cache', `auth-emulator-${opts.host.replace(/\W/g, '_')}.log`);
  let logFd: number | undefined;
  if (logFile) {
    fs.mkdirSync(path.dirname(logFile), { recursive: true });
    logFd = fs.openSync(logFile, 'w');
  }
  const child: ChildProcess = spawn(bin, args, {
    cwd: root,
    env: { ...process.env, CI: 'true', FIREBASE_CLI_EXPERIMENTS: '', NO_UPDATE_NOTIFIER: '1' },
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
    detached: process.platform !== 'win32',
  });
  if (logFd !== undefined) fs.closeSync(logFd);
  let piped = '';
  const collect = (b: Buffer) => {
    piped += b.toString();
    opts.log?.(b.toString());
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = () => (logFile ? readIfThere(logFile) : piped);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Detached (its own process group, so stop() reaches firebase-tools' children).
  stopWithParent(() => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* gone */
    }
  }, exited);

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The auth emulator exited early:\n${output()}`);
    if (await isUp(opts.host)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!(await isUp(opts.host))) {
    child.kill('SIGKILL');
    throw new Error(`The auth emulator did not start within 60 s:\n${output()}`);
  }
  return {
    host: opts.host,
    projectId: opts.projectId,
    stop: async () => {
      if (child.exitCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM'); // the whole group: firebase-tools spawns children
      } catch {
        child.kill('SIGTERM');
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function readIfThere(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Removes every account in the emulator project (tests start clean). */
export async function clearEmulatorAccounts(host: string, projectId: string): Promise<void> {
  await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
}
