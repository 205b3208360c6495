import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { DbHandle } from '../../src/server/db';
import { openScratchDatabase } from '../../scripts/scratchDatabase';
import { benchIdentity } from './benchIdentity';

export interface BenchApp {
  app: FastifyInstance;
  handle: DbHandle;
  /** Stops the app, closes and drops the scratch database, and removes the data folder. */
  close(): Promise<void>;
}

/**
 * The real API on a scratch database (PGlite in memory, or a new database on the PostgreSQL at
 * DATABASE_URL), every request signed in as `user`, with `env` on top of the test config.
 */
export async function openBenchApp(usePg: boolean, user: string, env: Record<string, string> = {}): Promise<BenchApp> {
  const { handle, drop } = await openScratchDatabase(
    usePg ? (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : undefined,
    'tally_bench',
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', ...env });
  const app = await buildApp(config, { db: handle, identity: benchIdentity(user) });
  await app.ready();
  return {
    app,
    handle,
    async close() {
      await app.close();
      await handle.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a bench's main, exiting non-zero with the error when it fails. */
export function runBench(main: () => Promise<void>): void {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
