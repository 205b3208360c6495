/**
 * A new PGlite folder is a copy of the prepared database the server build makes beside the
 * compiled server (scripts/build-server.ts: initdb and every migration, done once), or, where
 * there is none (the server run from source), made by initdb in a short-lived child process.
 * PGlite runs initdb in its own WebAssembly module whose memory is never handed back: done in
 * the server's own process, it would hold that memory for as long as the server runs. Opening a
 * folder that exists skips both.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCK_FILE } from './folderLock';

/** PGlite runs initdb unless a folder holds this file. */
const MARKER = 'PG_VERSION';

/** Where the compiled server finds its prepared database (dist/server/pglite-seed). */
export const SEED_DIR = path.join(__dirname, 'pglite-seed');

export function pgliteFolderExists(dir: string): boolean {
  return fs.existsSync(path.join(dir, MARKER));
}

function runInitdb(target: string): Promise<void> {
  const moduleUrl = pathToFileURL(require.resolve('@electric-sql/pglite')).href;
  const script = `import(${JSON.stringify(moduleUrl)}).then(async ({ PGlite }) => {
    const db = new PGlite(process.argv[1]);
    await db.waitReady;
    await db.close();
  }).catch((err) => { console.error(err && err.message ? err.message : String(err)); process.exit(1); });`;
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, target], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0 && pgliteFolderExists(target)) resolve();
      else reject(new Error(`Could not create the database (${signal ?? `exit code ${code}`}): ${stderr.trim().split('\n').pop() ?? ''}`));
    });
  });
}

/** Present in a folder only while created database files are being moved into it. */
const MOVING = '.tally-creating';

/**
 * Creates the database files in `dir`, which must exist and be locked by the caller: a copy of
 * `seed` when it holds a database, else initdb's. They are made in a sibling folder and moved in
 * with the marker last, so a start cut off half way leaves a folder that is created afresh next
 * time rather than a half-made database.
 */
export async function createPgliteFolder(dir: string, seed = SEED_DIR): Promise<void> {
  if (fs.existsSync(path.join(dir, MOVING))) {
    for (const name of fs.readdirSync(dir)) if (name !== LOCK_FILE) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  const stray = fs.readdirSync(dir).filter((name) => name !== LOCK_FILE);
  if (stray.length > 0)
    throw new Error(`${dir} holds files but no database (${stray.slice(0, 3).join(', ')}): point DATA_DIR at an empty folder or one Tally made`);
  const staging = path.join(path.dirname(dir), `.${path.basename(dir)}.creating-${crypto.randomBytes(4).toString('hex')}`);
  fs.mkdirSync(staging);
  try {
    if (pgliteFolderExists(seed)) fs.cpSync(seed, staging, { recursive: true });
    else await runInitdb(staging);
    fs.writeFileSync(path.join(dir, MOVING), '');
    const names = fs.readdirSync(staging).filter((name) => name !== MARKER);
    for (const name of [...names, MARKER]) fs.renameSync(path.join(staging, name), path.join(dir, name));
    fs.rmSync(path.join(dir, MOVING));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
