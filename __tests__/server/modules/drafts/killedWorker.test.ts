import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openScratchDatabase } from '../../../../scripts/scratchDatabase';
import { TEST_API_KEY, TEST_EMULATOR_HOST, TEST_PROJECT_ID, emulatorSignUp, uniqueEmail } from '../../../../scripts/testEmulator';
import { freePort, sleep, startApi, type ApiProcess } from '../../security/processes';
import type { Draft } from '../../../../src/shared/drafts';

/**
 * A process killed in the middle of reading a receipt (SIGKILL: no goodbye) loses nothing: the
 * job stays in the database, its try times out, and the next process reads it.
 * - On PostgreSQL: an API instance without readers, and `npm run worker` killed and started again.
 * - On the embedded database, where the API reads receipts itself: the API killed and started again.
 * A real photo from the train set, so the reading lasts long enough to be cut.
 */
jest.setTimeout(240_000);

const root = path.resolve(__dirname, '../../../..');
const PHOTO = path.join(root, '../shared/datasets/us-receipts-train/1006-receipt.jpg');
const LABEL_TOTAL = Number(JSON.parse(fs.readFileSync(PHOTO.replace(/\.jpg$/, '.json'), 'utf8')).total);
const QUICK_QUEUE = { SCAN_JOB_TIMEOUT_SECONDS: '4', QUEUE_MAINTENANCE_SECONDS: '1', QUEUE_POLL_SECONDS: '1', SCAN_RETRY_DELAY_SECONDS: '1' };
// The test asks for the draft every 25 ms to catch it while it is read: far past a person's read limit.
const UNLIMITED_READS = { READ_RATE_LIMIT_PER_MINUTE: '0' };

interface Worker {
  kill(signal: NodeJS.Signals): Promise<unknown>;
  output(): string;
}

/** `npm run worker` as its own process (node with tsx's loader, so a signal reaches it and not a wrapper). */
function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', NODE_OPTIONS: '', OCR_POOL_SIZE: '1', ...QUICK_QUEUE, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    output: () => out,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

async function signedInUser(api: ApiProcess): Promise<string> {
  const email = uniqueEmail('killed');
  const { uid, token } = await emulatorSignUp(email, 'secret-pass-1', 'Killed Worker');
  const res = await fetch(`${api.url}/api/auth/register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: uid, email, display_name: 'Killed Worker' }),
  });
  expect(res.status).toBe(201);
  return token;
}

async function upload(api: ApiProcess, token: string): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(fs.readFileSync(PHOTO))], { type: 'image/jpeg' }), 'receipt.jpg');
  const res = await fetch(`${api.url}/receipts/drafts`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(202);
  return ((await res.json()) as Array<{ _id: string }>)[0]._id;
}

/** Polls the draft until `wanted` (a status), or throws after `timeoutMs` with what it saw. */
async function draftWhen(api: () => ApiProcess, token: string, wanted: Draft['status'], timeoutMs: number, everyMs = 25): Promise<Draft> {
  const until = Date.now() + timeoutMs;
  let seen = 'nothing';
  while (Date.now() < until) {
    try {
      const res = await fetch(`${api().url}/receipts/drafts`, { headers: { authorization: `Bearer ${token}` } });
      const [draft] = (await res.json()) as Draft[];
      seen = `${draft?.status} ${draft?.error ?? ''}`;
      if (draft?.status === wanted) return draft;
    } catch {
      seen = 'no answer';
    }
    await sleep(everyMs);
  }
  throw new Error(`the draft never became ${wanted} (last seen: ${seen})`);
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const tmpDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-killed-'));
  dirs.push(dir);
  return dir;
};

/** On PostgreSQL: an API instance without readers; `npm run worker` killed mid-job and started again. */
async function killTheWorker(): Promise<void> {
  const scratch = await openScratchDatabase(process.env.DATABASE_URL, 'tally_killed');
  await scratch.handle.close();
  const dataDir = tmpDir();
  const env = { DATABASE_URL: scratch.url!, DATA_DIR: dataDir, FIREBASE_PROJECT_ID: TEST_PROJECT_ID, FIREBASE_API_KEY: TEST_API_KEY };
  const api = await startApi({
    port: await freePort(),
    dataDir,
    emulatorHost: TEST_EMULATOR_HOST,
    databaseUrl: scratch.url,
    env: { SCAN_WORKERS: '0', ...QUICK_QUEUE, ...UNLIMITED_READS },
  });
  let worker = startWorker(env);
  try {
    const token = await signedInUser(api);
    await upload(api, token);
    await draftWhen(() => api, token, 'scanning', 120_000);
    await worker.kill('SIGKILL');
    // Nobody reads it now: it stays as it was, in the database.
    await sleep(500);
    expect((await draftWhen(() => api, token, 'scanning', 1000)).status).toBe('scanning');
    worker = startWorker(env);
    const ready = await draftWhen(() => api, token, 'ready', 120_000, 250);
    expect(ready.processed_data?.total_amount).toBe(LABEL_TOTAL);
  } finally {
    await worker.kill('SIGTERM');
    await api.kill('SIGTERM');
    await scratch.drop();
  }
}

/** On the embedded database, where the API reads receipts itself: the API killed mid-job and started again. */
async function killTheApi(): Promise<void> {
  const dataDir = tmpDir();
  // development, not test: a test-mode API opens its queue only when first used.
  const env = { NODE_ENV: 'development', SCAN_WORKERS: '1', ...QUICK_QUEUE, ...UNLIMITED_READS };
  const start = async () => startApi({ port: await freePort(), dataDir, emulatorHost: TEST_EMULATOR_HOST, databaseUrl: null, env });
  let api = await start();
  try {
    const token = await signedInUser(api);
    await upload(api, token);
    await draftWhen(() => api, token, 'scanning', 120_000);
    expect(await api.kill('SIGKILL')).toBe('SIGKILL');
    api = await start();
    const ready = await draftWhen(() => api, token, 'ready', 120_000, 250);
    expect(ready.processed_data?.total_amount).toBe(LABEL_TOTAL);
  } finally {
    await api.kill('SIGTERM');
  }
}

// The suite runs on both databases (npm test); each has its own way for a reader to die.
const onPostgres = Boolean(process.env.DATABASE_URL);
describe('a receipt being read when its process is killed (SIGKILL)', () => {
  it(
    onPostgres
      ? 'is read by the next worker after `npm run worker` is killed (PostgreSQL)'
      : 'is read after the API, which reads receipts itself, restarts (embedded database)',
    onPostgres ? killTheWorker : killTheApi,
  );
});
