/**
 * The real API for a load benchmark: the test auth emulator (TEST_AUTH_EMULATOR_HOST, default
 * 127.0.0.1:9199), a fresh data folder, PGlite or PostgreSQL (DATABASE_URL), listening on a free
 * port in this process and logging at LOG_LEVEL (default 'warn', as production runs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Seeding and load mixes send far faster than a person: the per-user limits would refuse them. */
export const NO_RATE_LIMITS = { WRITE_RATE_LIMIT_PER_MINUTE: '0', READ_RATE_LIMIT_PER_MINUTE: '0' };

export interface BenchApi {
  app: FastifyInstance;
  base: string;
  logLevel: string;
  stop(): Promise<void>;
}

export async function startBenchApi({ name, usePg, env = {} }: { name: string; usePg: boolean; env?: Record<string, string> }): Promise<BenchApi> {
  process.env.TEST_AUTH_EMULATOR_HOST ??= '127.0.0.1:9199';
  // Imported only now: the test setup reads the emulator address when first loaded.
  const { emulatorConfigFile, TEST_API_KEY, TEST_EMULATOR_HOST, TEST_PROJECT_ID } = await import('../../scripts/testEmulator');
  const { startAuthEmulator } = await import('../../scripts/emulator');
  const { loadConfig } = await import('../../src/server/config');
  const { buildApp } = await import('../../src/server/app');

  const emulator = await startAuthEmulator({ configFile: emulatorConfigFile(TEST_EMULATOR_HOST), host: TEST_EMULATOR_HOST, projectId: TEST_PROJECT_ID });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tally-bench-${name}-`));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_API_KEY: TEST_API_KEY,
    FIREBASE_AUTH_EMULATOR_HOST: TEST_EMULATOR_HOST,
    OCR_POOL_SIZE: '1',
    ...(usePg ? { DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' } : {}),
    ...env,
  });
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    logLevel: config.logLevel,
    stop: async () => {
      await app.close();
      await emulator.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
