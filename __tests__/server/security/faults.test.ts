import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { TEST_API_KEY, TEST_EMULATOR_HOST, uniqueEmail } from '../../../scripts/testEmulator';
import { todayUtc } from '../modules/receipts/fixtures';
import { CuttableProxy, freePort, sleep, startApi, type ApiProcess } from './processes';

/**
 * Faults with real processes: the API killed mid-write, the database and the auth emulator going
 * away and coming back. (A dying OCR worker is covered in __tests__/server/ocr/scanner.test.ts:
 * 'a worker that dies mid-scan fails that scan and is replaced'.)
 */
jest.setTimeout(180_000);

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';

/** A fresh database on the PostgreSQL server of DATABASE_URL, or none (PGlite under DATA_DIR). */
async function freshDatabase(): Promise<{ url: string | null; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) return { url: null, drop: async () => undefined };
  const name = `tally_fault_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function identityCall(host: string, op: string, body: object): Promise<{ localId: string; idToken: string }> {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${op}?key=${TEST_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`${op} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { localId: string; idToken: string };
}

/** A new account at the emulator on `host`, registered with the API; answers its token. */
async function newUser(api: ApiProcess, host = TEST_EMULATOR_HOST) {
  const email = uniqueEmail('fault');
  const { localId: uid, idToken: token } = await identityCall(host, 'signUp', { email, password: 'secret-pass-1' });
  const res = await call(api, token, 'POST', '/api/auth/register', { user_id: uid, email, display_name: 'Fault Test' });
  expect(res.status).toBe(201);
  return { uid, email, token, signIn: async () => (await identityCall(host, 'signInWithPassword', { email, password: 'secret-pass-1' })).idToken };
}

async function call(api: ApiProcess, token: string | null, method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${api.url}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  }).catch((err: unknown) => {
    // Name the server's last words when it went away (a crash is what these tests look for).
    throw new Error(`${method} ${url}: ${String(err)}; API exit ${api.child.exitCode ?? api.child.signalCode}; output:\n${api.output().slice(-3000)}`);
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tally-fault-'));
const backend = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`SIGKILL while a client saves receipts as fast as it can (${backend})`, () => {
  it('keeps every receipt whose save was acknowledged', async () => {
    const dataDir = tmpDir();
    const db = await freshDatabase();
    const port = await freePort();
    const opts = { port, dataDir, emulatorHost: TEST_EMULATOR_HOST, databaseUrl: db.url };
    let api = await startApi(opts);
    try {
      const user = await newUser(api);
      const acked = new Map<string, string>();
      const failures: string[] = [];
      let killed = false;
      let n = 0;
      const writer = async () => {
        while (!killed) {
          const store = `Crash test ${n++}`;
          try {
            const res = await call(api, user.token, 'POST', '/receipts', { store, date: todayUtc(), amount: 1.23 });
            if (res.status === 201) acked.set(res.json.id, store);
            else failures.push(`${res.status} ${JSON.stringify(res.json)}`);
          } catch (err) {
            if (!killed) failures.push(String(err)); // a lost connection is expected only after the kill
          }
        }
      };
      const writers = Array.from({ length: 8 }, writer);
      const started = Date.now();
      while (acked.size < 60 && Date.now() - started < 20_000) await sleep(20);
      killed = true;
      expect(await api.kill('SIGKILL')).toBe('SIGKILL');
      await Promise.all(writers);
      expect(failures).toEqual([]);
      expect(acked.size).toBeGreaterThanOrEqual(60);

      // Started once, at once: the folder lock knows its owner died (no waiting for it to go stale).
      api = await startApi(opts);
      const list = await call(api, user.token, 'GET', '/receipts?limit=500');
      expect(list.status).toBe(200);
      const stored = new Map((list.json as Array<{ id: string; store: string }>).map((r) => [r.id, r.store]));
      const missing = [...acked].filter(([id, store]) => stored.get(id) !== store);
      expect(missing).toEqual([]);
    } finally {
      await api.kill('SIGTERM');
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// The database as a separate server that can go away only exists with PostgreSQL; PGlite runs
// inside the API process, so these cases apply when the suite runs on PostgreSQL (CI does both).
if (process.env.DATABASE_URL) {
  describe('the database unreachable (PostgreSQL behind a proxy the test cuts)', () => {
    it('answers 503 with a clear message, does not crash, and recovers without a restart', async () => {
      const db = await freshDatabase();
      const target = new URL(db.url!);
      const proxy = new CuttableProxy(await freePort(), { host: target.hostname, port: Number(target.port || 5432) });
      await proxy.listen();
      const viaProxy = new URL(db.url!);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const dataDir = tmpDir();
      const api = await startApi({ port: await freePort(), dataDir, emulatorHost: TEST_EMULATOR_HOST, databaseUrl: viaProxy.toString() });
      try {
        const user = await newUser(api);
        expect((await call(api, user.token, 'POST', '/receipts', { store: 'Before', date: todayUtc(), amount: 2 })).status).toBe(201);

        proxy.cut();
        for (let i = 0; i < 3; i++) {
          const health = await call(api, null, 'GET', '/healthz');
          expect(health).toEqual({ status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'The database is unavailable.' } });
          for (const [method, url, body] of [
            ['GET', '/receipts'],
            ['GET', '/dashboard'],
            ['POST', '/receipts', { store: 'During', date: todayUtc(), amount: 3 }],
          ] as const) {
            const res = await call(api, user.token, method, url, body);
            expect([url, res.status, res.json.message]).toEqual([url, 503, UNAVAILABLE]);
          }
        }
        expect(api.child.exitCode).toBeNull();

        proxy.restore();
        let list = await call(api, user.token, 'GET', '/receipts');
        for (let i = 0; i < 20 && list.status !== 200; i++) {
          await sleep(250);
          list = await call(api, user.token, 'GET', '/receipts');
        }
        expect(list.status).toBe(200);
        expect(list.json.map((r: { store: string }) => r.store)).toEqual(['Before']);
        expect((await call(api, null, 'GET', '/healthz')).status).toBe(200);
      } finally {
        await api.kill('SIGTERM');
        await proxy.close();
        await db.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}

describe('the auth emulator down', () => {
  it('answers 503 for a token not seen before, does not crash, and recovers when it returns', async () => {
    // The API reaches the emulator through a proxy the test cuts: to the API the emulator is
    // gone, while the shared emulator itself keeps serving the other tests.
    const [emuHost, emuPort] = TEST_EMULATOR_HOST.split(':');
    const proxy = new CuttableProxy(await freePort(), { host: emuHost, port: Number(emuPort) });
    await proxy.listen();
    const dataDir = tmpDir();
    const db = await freshDatabase();
    const api = await startApi({ port: await freePort(), dataDir, emulatorHost: `127.0.0.1:${proxy.port}`, databaseUrl: db.url });
    try {
      const user = await newUser(api);
      await sleep(1100); // a later issue time: token strings the API has never verified
      const [fresh, later] = [await user.signIn(), await user.signIn()];
      expect(fresh).not.toBe(user.token);

      proxy.cut();
      for (const token of [fresh, later]) {
        const down = await call(api, token, 'GET', '/receipts');
        expect(down).toEqual({
          status: 503,
          json: { statusCode: 503, error: 'Service Unavailable', message: 'The sign-in service is unavailable. Please try again shortly.' },
        });
      }
      // A token verified in the last minute is still trusted from the cache (plugins/auth.ts).
      expect((await call(api, user.token, 'GET', '/receipts')).status).toBe(200);
      expect(api.child.exitCode).toBeNull();

      proxy.restore();
      expect((await call(api, fresh, 'GET', '/receipts')).status).toBe(200);
    } finally {
      await api.kill('SIGTERM');
      await proxy.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
