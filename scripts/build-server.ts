/**
 * `npm run build:server`: the server as plain JavaScript for production (dist/server), so no
 * TypeScript compiler runs, or is held in memory, beside the API. Packages stay in
 * node_modules; only our own code is bundled, one file per process the server starts.
 *
 *   dist/server/main.js        the API (and, in production, the web app: SERVE_WEB)
 *   dist/server/web.js         the web app alone, for a separate web process
 *   dist/server/scan-child.js  the scan process the API starts for OCR
 *   dist/server/recognize-worker.js  a text-recognition thread of the scan process
 *   dist/server/pglite-seed/   a new embedded database, migrated, with the job queue's tables: the
 *                              server copies it into a new DATA_DIR instead of running initdb,
 *                              every migration and pg-boss's set-up on first start
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { openDatabase } from '../src/server/db';
import { JobQueue } from '../src/server/queue/jobQueue';

const root = path.resolve(__dirname, '..');

export async function buildServer(outdir = path.join(root, 'dist', 'server')): Promise<void> {
  await build({
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      web: path.join(root, 'src/server/web/main.ts'),
      worker: path.join(root, 'src/server/worker.ts'),
      'scan-child': path.join(root, 'src/server/ocr/scanProcess/child.ts'),
      'recognize-worker': path.join(root, 'src/server/ocr/paddle/recognizeWorker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  await buildPgliteSeed(path.join(outdir, 'pglite-seed'));
}

/** The embedded database a new DATA_DIR starts from (db/pgliteFolder.ts), made beside and moved in whole. */
async function buildPgliteSeed(target: string): Promise<void> {
  const staging = `${target}.building-${crypto.randomBytes(4).toString('hex')}`;
  try {
    const handle = await openDatabase({ databaseUrl: null, pgliteDir: staging });
    try {
      // The job queue's tables too: pg-boss makes them on a first start otherwise, after the migrations.
      const queue = await JobQueue.open(handle, { pollingSeconds: 60, maintenanceSeconds: 3600 }, (err) => {
        throw err;
      });
      await queue.stop(0);
    } finally {
      await handle.close();
    }
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

if (require.main === module) {
  buildServer().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
