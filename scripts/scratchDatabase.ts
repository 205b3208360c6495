import crypto from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type DbHandle } from '../src/server/db';

export interface ScratchDatabase {
  handle: DbHandle;
  /** Its postgres:// address (null for the in-memory PGlite one). */
  url: string | null;
  /** Closes nothing; drops the database (a no-op for the in-memory PGlite one). */
  drop: () => Promise<void>;
}

/**
 * A database of its own for one test file or benchmark run: a new database named
 * `<prefix>_<random>` on the PostgreSQL server at `serverUrl`, or an in-memory PGlite without one.
 */
export async function openScratchDatabase(serverUrl: string | undefined, prefix: string): Promise<ScratchDatabase> {
  if (!serverUrl) return { handle: await openDatabase({ databaseUrl: null, pgliteDir: null }), url: null, drop: async () => undefined };
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const asAdmin = async (statement: string) => {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null, poolSize: 4 });
  return { handle, url: url.toString(), drop: () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
