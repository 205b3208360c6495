import fs from 'node:fs';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { lockFolder } from './folderLock';
import type { Database } from './schema';
import { migrations } from './migrations';

export type Db = Kysely<Database>;

export interface DbOptions {
  /** postgres://… for a real server; null for embedded PGlite. */
  databaseUrl: string | null;
  /** Folder for PGlite files; null keeps PGlite in memory (tests). */
  pgliteDir: string | null;
  poolSize?: number;
}

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'pg';
  close(): Promise<void>;
}

export async function openDatabase(opts: DbOptions): Promise<DbHandle> {
  const handle = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.poolSize ?? 10) : await openPglite(opts.pgliteDir);
  try {
    await migrate(handle.db);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

async function openPostgres(url: string, max: number): Promise<DbHandle> {
  const { Pool, types } = await import('pg');
  // int8 (bigint cents, count(*)) as JS numbers: our values stay far below 2^53.
  types.setTypeParser(20, (v: string) => Number(v));
  // Dates as plain 'YYYY-MM-DD' strings, never shifted by the server's time zone.
  types.setTypeParser(1082, (v: string) => v);
  const pool = new Pool({ connectionString: url, max });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  // Nor one checked out between two statements: pg-pool unhooks its idle handler on checkout,
  // and an unhandled 'error' event there kills the process (the query itself still fails).
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, driver: 'pg', close: () => db.destroy() };
}

async function openPglite(dir: string | null): Promise<DbHandle> {
  const { PGlite, types } = await import('@electric-sql/pglite');
  let release: (() => void) | null = null;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    // PGlite has no lock of its own: two processes on one folder silently lose writes.
    release = lockFolder(dir);
  }
  // DATE columns are selected as text (db/dates.ts): PGlite 0.5 ignores a DATE parser here.
  const pglite = new PGlite(dir ?? undefined, { parsers: { [types.INT8]: (v: string) => Number(v) } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    driver: 'pglite',
    close: async () => {
      await db.destroy();
      release?.();
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String((error as Error)?.message ?? error)}`);
  }
}
