import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { migratedPgliteImage, openDatabase, type DbHandle } from '../src/server/db';

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
  if (!serverUrl) {
    const handle = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteImage: await migratedImage() });
    return { handle, url: null, drop: async () => undefined };
  }
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

const ROOT = path.resolve(__dirname, '..');

const IMAGE_PREFIX = 'tally-pglite-migrated-';

/**
 * The image of a migrated PGlite that in-memory scratch databases start from, made once per
 * version of the migrations and of PGlite and kept in the temporary folder: setting up a new
 * PGlite was most of the time a test file spent opening its database.
 */
async function migratedImage(): Promise<Blob> {
  const hash = crypto.createHash('sha256');
  hash.update(fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  // The migrations and what they use (a changed migration makes a new image).
  const sources = [
    ...fs.readdirSync(path.join(ROOT, 'src/server/db'), { recursive: true, encoding: 'utf8' }).map((f) => `src/server/db/${f}`),
    'src/server/searchText.ts',
  ];
  for (const source of sources.sort()) {
    const full = path.join(ROOT, source);
    if (fs.statSync(full).isFile()) hash.update(source).update(fs.readFileSync(full));
  }
  const name = `${IMAGE_PREFIX}${hash.digest('hex').slice(0, 16)}.tar`;
  const file = path.join(os.tmpdir(), name);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const image = await migratedPgliteImage();
  // Written whole under another name, then renamed: a process reading it never sees half of it.
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
  fs.renameSync(partial, file);
  // Images of older migrations are never read again.
  for (const old of fs.readdirSync(os.tmpdir())) {
    if (old.startsWith(IMAGE_PREFIX) && old.endsWith('.tar') && old !== name) fs.rmSync(path.join(os.tmpdir(), old), { force: true });
  }
  return image;
}
