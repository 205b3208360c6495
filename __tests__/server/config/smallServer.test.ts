import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../../src/server/config';
import { DEFAULT_SHARED_BUFFERS, openDatabase } from '../../../src/server/db';

const base = { NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', DATA_DIR: os.tmpdir() };

describe('SERVE_WEB', () => {
  it('serves the web app from the API process in production, and not in development, unless told', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: os.tmpdir(), BLOB_URL_SECRET: 'x'.repeat(64) };
    expect(loadConfig(production).serveWeb).toBe(true);
    expect(loadConfig({ ...production, SERVE_WEB: 'false' }).serveWeb).toBe(false);
    expect(loadConfig(base).serveWeb).toBe(false);
    expect(loadConfig({ ...base, SERVE_WEB: 'TRUE' }).serveWeb).toBe(true);
  });
  it('refuses a value that is neither true nor false', () => {
    expect(() => loadConfig({ ...base, SERVE_WEB: 'yes please' })).toThrow(/SERVE_WEB must be true or false/);
  });
});

describe('PGLITE_SHARED_BUFFERS', () => {
  it('is passed to the embedded database in its folder, which runs with it', async () => {
    const config = loadConfig({ ...base, PGLITE_SHARED_BUFFERS: '48MB' });
    expect(config.pgliteSharedBuffers).toBe('48MB');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-buffers-'));
    try {
      for (const [size, expected] of [
        ['48MB', '48MB'],
        [undefined, DEFAULT_SHARED_BUFFERS],
      ] as const) {
        const handle = await openDatabase({ databaseUrl: null, pgliteDir: dir, pgliteSharedBuffers: size });
        try {
          const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(handle.db);
          expect(rows[0].shared_buffers).toBe(expected);
        } finally {
          await handle.close();
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('refuses a size PostgreSQL would not read, before opening anything', async () => {
    await expect(openDatabase({ databaseUrl: null, pgliteDir: null, pgliteSharedBuffers: 'lots' })).rejects.toThrow(
      /PGLITE_SHARED_BUFFERS must be a size like 32MB/,
    );
  });
});
