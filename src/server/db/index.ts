import fs from 'node:fs';
import { CompiledQuery, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { lockFolder } from './folderLock';
import { createPgliteFolder, pgliteFolderExists } from './pgliteFolder';
import type { Database } from './schema';
import { migrations } from './migrations';
import { turnPerQuery } from './turnPerQuery';

export type Db = Kysely<Database>;

/** PostgreSQL's own default is sized for a server of its own; a personal database is served well by less. */
export const DEFAULT_SHARED_BUFFERS = '16MB';

export interface DbOptions {
  /** postgres://… for a real server; null for embedded PGlite. */
  databaseUrl: string | null;
  /** Folder for PGlite files; null keeps PGlite in memory (tests). */
  pgliteDir: string | null;
  /** PGlite's shared buffers, a PostgreSQL size ('32MB'); most of its memory at rest. An in-memory PGlite keeps its own. */
  pgliteSharedBuffers?: string;
  poolSize?: number;
}

/** Runs SQL a library writes itself (the job queue): a statement with parameters, or a script of several without. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'pg';
  /** The same database for SQL written elsewhere; parameterised statements wait their turn as Kysely's do. */
  sql: SqlExecutor;
  close(): Promise<void>;
}

/** SQL run on a Kysely database or transaction (on the transaction's connection, so inside it). */
export function sqlExecutorOf(db: Kysely<Database>): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * Runs `work` while no other process runs work of the same name on this database: processes of
 * a cluster start together, and creating tables or queues side by side fails in one of them. A
 * session lock on a connection of its own (released with it, even if this process dies); the
 * embedded database belongs to one process and has one connection, so there is nothing to wait for.
 */
export async function exclusively<T>(handle: Pick<DbHandle, 'db' | 'driver'>, name: string, work: () => Promise<T>): Promise<T> {
  if (handle.driver === 'pglite') return work();
  return handle.db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${STARTUP_LOCK_CLASS}, hashtext(${name}))`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK_CLASS}, hashtext(${name}))`.execute(conn);
    }
  });
}
/** The first half of the start-up locks' keys, apart from the per-user locks' (db/accountGate.ts). */
const STARTUP_LOCK_CLASS = 7_000;

export async function openDatabase(opts: DbOptions): Promise<DbHandle> {
  const handle = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.poolSize ?? 10)
    : await openPglite(opts.pgliteDir, opts.pgliteSharedBuffers ?? DEFAULT_SHARED_BUFFERS);
  try {
    await exclusively(handle, 'migrations', () => migrate(handle.db));
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
  // Without parameters pg sends the simple protocol, which runs a script of several statements.
  return { db, driver: 'pg', sql: sqlExecutorOf(db), close: () => db.destroy() };
}

async function openPglite(dir: string | null, sharedBuffers: string): Promise<DbHandle> {
  if (!/^\d+(kB|MB|GB)$/.test(sharedBuffers)) throw new Error(`PGLITE_SHARED_BUFFERS must be a size like 32MB, not '${sharedBuffers}'`);
  const { PGlite, types } = await import('@electric-sql/pglite');
  let release: (() => void) | null = null;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    // PGlite has no lock of its own: two processes on one folder silently lose writes.
    release = lockFolder(dir);
    try {
      if (!pgliteFolderExists(dir)) await createPgliteFolder(dir);
    } catch (err) {
      release();
      throw err;
    }
  }
  // DATE columns are selected as text (db/dates.ts): PGlite 0.5 ignores a DATE parser here.
  const pglite = new PGlite(dir ?? undefined, {
    parsers: { [types.INT8]: (v: string) => Number(v) },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins: [turnPerQuery] });
  const statements = sqlExecutorOf(db);
  return {
    db,
    driver: 'pglite',
    // A script of several statements needs PGlite's exec (its query takes one); exec waits for open transactions.
    sql: {
      executeSql: async (text, values) => (values?.length ? statements.executeSql(text, values) : { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] }),
    },
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
