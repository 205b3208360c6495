import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import type { DbHandle } from '../../src/server/db';
import { openScratchDatabase } from '../../scripts/scratchDatabase';
import { emulatorSignUp, TEST_API_KEY, TEST_EMULATOR_HOST, TEST_PROJECT_ID, uniqueEmail } from '../../scripts/testEmulator';

/**
 * The real app on a real database: in-memory PGlite, or a fresh database on the PostgreSQL
 * server named by DATABASE_URL (CI runs the suite both ways). Identity is the real auth emulator.
 */
export interface TestApp {
  app: FastifyInstance;
  db: DbHandle;
  config: ServerConfig;
  signUp(opts?: { email?: string; password?: string; displayName?: string; register?: boolean }): Promise<TestUser>;
  request(user: TestUser | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  token: string;
  displayName: string;
}

/**
 * The moment the API tests take as now: TEST_FIXED_TIME when set (npm test runs the
 * date-sensitive suites again at several fixed days), else the machine's clock. Every test app
 * runs on it unless a test fixes a day of its own (FIXED_TIME in the overrides).
 */
export function testNow(): Date {
  return process.env.TEST_FIXED_TIME ? new Date(process.env.TEST_FIXED_TIME) : new Date();
}

export function testConfig(overrides: Record<string, string> = {}): ServerConfig {
  return loadConfig({
    NODE_ENV: 'test',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_API_KEY: TEST_API_KEY,
    FIREBASE_AUTH_EMULATOR_HOST: TEST_EMULATOR_HOST,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tally-test-')),
    CORS_ORIGINS: 'http://localhost:8080',
    // API tests seed rows directly in the database, behind the read cache's back; the browser
    // tests run with the cache on, as production does.
    READ_CACHE_TTL_MS: '0',
    // The PostgreSQL pass keeps images in the database, as a cluster does (scripts/test.sh).
    ...(process.env.BLOB_STORE ? { BLOB_STORE: process.env.BLOB_STORE } : {}),
    ...(process.env.TEST_FIXED_TIME ? { FIXED_TIME: process.env.TEST_FIXED_TIME } : {}),
    ...overrides,
  });
}

/**
 * `pglite: true` for what exists only on the embedded database (the read cache). `sharing`: run
 * on another test app's database (say, the same people a month later: another FIXED_TIME); that
 * app keeps and closes it.
 */
export async function startTestApp(configOverrides: Record<string, string> = {}, opts: { pglite?: boolean; sharing?: TestApp } = {}): Promise<TestApp> {
  const config = testConfig(configOverrides);
  const { handle, drop } = opts.sharing
    ? { handle: opts.sharing.db, drop: async () => undefined }
    : await openScratchDatabase(opts.pglite ? undefined : process.env.DATABASE_URL, 'tally_test');
  const app = await buildApp(config, { db: handle });
  await app.ready();

  const request: TestApp['request'] = (user, opts) =>
    app.inject({ ...opts, headers: { ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...(opts.headers ?? {}) } });

  return {
    app,
    db: handle,
    config,
    request,
    async signUp(opts = {}) {
      const email = opts.email ?? uniqueEmail();
      const password = opts.password ?? 'secret-pass-1';
      const displayName = opts.displayName ?? 'Test User';
      const { uid, token } = await emulatorSignUp(email, password, displayName);
      const user: TestUser = { uid, email, password, token, displayName };
      if (opts.register !== false) {
        const res = await request(user, { method: 'POST', url: '/api/auth/register', payload: { user_id: uid, email, display_name: displayName } });
        if (res.statusCode >= 300) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      }
      return user;
    },
    async close() {
      await app.close();
      if (opts.sharing) return fs.rmSync(config.dataDir, { recursive: true, force: true });
      await handle.close();
      await drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
