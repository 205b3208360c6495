import 'dotenv/config';
import { loadConfig } from './config';
import { exclusively, openDatabase } from './db';
import { openBlobStorage } from './blobs/storage';
import { createReceiptScanner } from './ocr';
import { JobQueue } from './queue/jobQueue';
import { ScanService } from './modules/scan/service';
import { setUpScanJobs } from './modules/drafts/scanJob';
import { onShutdown, runMain } from './lifecycle';
import { clockOf } from './clock';

/** How long stopping waits for receipts being read to finish; a try cut short is read again by another worker. */
const STOP_TIMEOUT_MS = 60_000;

/**
 * `npm run worker`: a process that only reads drafts, beside API instances started with
 * SCAN_WORKERS=0. Any number of them may run against one PostgreSQL, on any machine that sees
 * the same blob store. Stopping (Ctrl+C, SIGTERM) lets the receipts being read finish.
 */
runMain(async () => {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process, whose API reads receipts itself (SCAN_WORKERS).',
    );
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: null });
  const scanner = await createReceiptScanner({ maxQueue: config.ocr.maxQueue, scanTimeoutMs: config.ocr.scanTimeoutMs });
  const { pollingSeconds, maintenanceSeconds, ...scanJobs } = config.scanJobs;
  const scan = new ScanService(handle.db, { get: async () => scanner }, clockOf(config.fixedTime));
  // SCAN_WORKERS=0 tells an API instance to read nothing; a worker then reads as many as it has readers.
  const workers = scanJobs.workers || Math.max(1, config.ocr.poolSize);
  const queue = await exclusively(handle, 'job queue', async () => {
    const opened = await JobQueue.open(handle, { pollingSeconds, maintenanceSeconds }, (err) => console.error(`job queue: ${err.message}`));
    const blobs = openBlobStorage(config.blobStore, config.dataDir, handle.db).images;
    await setUpScanJobs(opened, { db: handle.db, blobs, scan }, { ...scanJobs, workers });
    return opened;
  });
  console.log(`Tally worker reading receipts (${workers} at once). Press Ctrl+C to stop.`);
  onShutdown(async () => {
    console.log('Stopping the worker: letting the receipts being read finish...');
    await queue.stop(STOP_TIMEOUT_MS);
    await scanner.close();
    await handle.close();
  });
});
