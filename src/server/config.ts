import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { parseFixedTime } from './clock';
import { SCAN_TIME_LIMIT_SECONDS } from '../shared/constants/scan';

/** Typed server configuration, read once from the environment (.env is loaded by main.ts). */
export interface ServerConfig {
  env: 'development' | 'production' | 'test';
  apiHost: string;
  apiPort: number;
  webPort: number;
  /** The API process also serves the web app on webPort (SERVE_WEB; on by default in production). */
  serveWeb: boolean;
  publicApiUrl: string;
  corsOrigins: string[];
  databaseUrl: string | null;
  dataDir: string;
  /** PGlite's shared buffers (PGLITE_SHARED_BUFFERS, e.g. '64MB'); null for the database layer's default. */
  pgliteSharedBuffers: string | null;
  firebase: {
    projectId: string;
    apiKey: string;
    authDomain: string;
    emulatorHost: string | null;
    serviceAccountPath: string | null;
  };
  logLevel: string;
  /**
   * One of several API or worker processes sharing one PostgreSQL (CLUSTER). Such a process
   * keeps nothing another would need: images in the shared blob store, rate limits in Redis, no
   * read cache; it refuses to start without what that takes.
   */
  cluster: boolean;
  /** Where receipt images and avatars live (BLOB_STORE): files under dataDir, or the database. */
  blobStore: BlobStoreKind;
  /** Redis for rate-limit counters every instance shares (REDIS_URL); null: counted in this process. */
  redisUrl: string | null;
  /**
   * Seconds a stopping API answers 503 on /healthz before it closes (DRAIN_SECONDS; by default
   * 3 in a cluster, else 0): the balancer stops sending it requests, then those in flight finish.
   */
  drainSeconds: number;
  /** Signs image links; every instance must share it (BLOB_URL_SECRET, required in production and in a cluster). */
  blobUrlSecret: string;
  /** scanTimeoutMs: the longest one scan may run (OCR_SCAN_TIME_LIMIT_SECONDS). */
  ocr: { poolSize: number; maxQueue: number; idleMs: number; scanTimeoutMs: number };
  /** Per-user cache of GET answers on PGlite (plugins/readCache.ts); 0 turns it off. */
  readCacheTtlMs: number;
  /** Writes (any method but GET) one user may send per minute (plugins/security.ts); 0 turns it off. */
  writeRateLimitPerMinute: number;
  /** Reads (GET) one user may send per minute (plugins/security.ts); 0 turns it off. */
  readRateLimitPerMinute: number;
  /** How often due recurring bills and closing return windows are looked for (plugins/billReminders.ts); 0 turns it off. */
  billReminderMinutes: number;
  /** Background scanning of drafts (modules/drafts): this process's workers and the queue's limits. */
  scanJobs: {
    /** Drafts this process reads at once (SCAN_WORKERS); 0: an API instance that leaves reading to `npm run worker`. */
    workers: number;
    /** Jobs waiting or running past which uploads are refused for a while (SCAN_QUEUE_MAX). */
    queueMax: number;
    /** A try running longer is taken to have lost its worker (SCAN_JOB_TIMEOUT_SECONDS). */
    timeoutSeconds: number;
    retryLimit: number;
    /** The first retry's wait; each later one waits longer (SCAN_RETRY_DELAY_SECONDS). */
    retryDelaySeconds: number;
    /** How often an idle worker looks for jobs (QUEUE_POLL_SECONDS) and timed-out tries are found (QUEUE_MAINTENANCE_SECONDS). */
    pollingSeconds: number;
    maintenanceSeconds: number;
  };
  /** The moment the API takes as "now" for the whole run (FIXED_TIME, development and tests only); null: the machine's clock. */
  fixedTime: Date | null;
  /**
   * Receipts by e-mail (modules/mailIn): the mail listener's port (MAIL_PORT; unset: no listener),
   * the address it listens on (MAIL_HOST) and the domain of the people's addresses (MAIL_DOMAIN).
   */
  mail: { port: number | null; host: string; domain: string };
  /** Statement imports (modules/imports). */
  imports: {
    /** How long a commit's request waits for its rows to be written before it answers with the import to follow (IMPORT_COMMIT_WAIT_SECONDS). */
    commitWaitSeconds: number;
    /** How often previews past their time are deleted (IMPORT_CLEANUP_MINUTES); 0 turns it off. */
    cleanupMinutes: number;
  };
}

type Env = Record<string, string | undefined>;

export const BLOB_STORE_KINDS = ['fs', 'postgres'] as const;
export type BlobStoreKind = (typeof BLOB_STORE_KINDS)[number];

/** A signing secret shorter than this is refused: it would be guessable. */
const MIN_SECRET_LENGTH = 32;

function str(env: Env, key: string, fallback: string): string {
  const v = env[key];
  return v === undefined || v.trim() === '' ? fallback : v.trim();
}

function int(env: Env, key: string, fallback: number): number {
  const raw = str(env, key, String(fallback));
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Configuration ${key} must be a whole number, got '${raw}'`);
  return n;
}

function bool(env: Env, key: string, fallback: boolean): boolean {
  const raw = str(env, key, String(fallback)).toLowerCase();
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`Configuration ${key} must be true or false, got '${raw}'`);
}

/**
 * Only these exact NODE_ENV values are not production. Anything else ('PRODUCTION', 'prod',
 * 'staging', or none at all) is production, so a misspelt value can never trust the emulator.
 */
const NON_PRODUCTION = ['development', 'test'] as const;

function runMode(nodeEnv: string): ServerConfig['env'] {
  return (NON_PRODUCTION as readonly string[]).includes(nodeEnv) ? (nodeEnv as ServerConfig['env']) : 'production';
}

/** BLOB_STORE: fs or postgres; by default the database in a cluster (it is shared), files otherwise. */
function blobStoreKind(env: Env, cluster: boolean): BlobStoreKind {
  const v = str(env, 'BLOB_STORE', cluster ? 'postgres' : 'fs').toLowerCase();
  if (!(BLOB_STORE_KINDS as readonly string[]).includes(v)) throw new Error(`BLOB_STORE must be ${BLOB_STORE_KINDS.join(' or ')}, not '${v}'`);
  return v as BlobStoreKind;
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const cluster = bool(env, 'CLUSTER', false);
  const config: ServerConfig = {
    env: runMode(env.NODE_ENV ?? ''),
    apiHost: str(env, 'API_HOST', '127.0.0.1'),
    apiPort: int(env, 'API_PORT', 8000),
    webPort: int(env, 'WEB_PORT', 8080),
    serveWeb: bool(env, 'SERVE_WEB', runMode(env.NODE_ENV ?? '') === 'production'),
    publicApiUrl: str(env, 'PUBLIC_API_URL', `http://localhost:${int(env, 'API_PORT', 8000)}`),
    corsOrigins: str(env, 'CORS_ORIGINS', `http://localhost:${int(env, 'WEB_PORT', 8080)},http://127.0.0.1:${int(env, 'WEB_PORT', 8080)}`)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    databaseUrl: str(env, 'DATABASE_URL', '') || null,
    dataDir: path.resolve(str(env, 'DATA_DIR', './data')),
    pgliteSharedBuffers: str(env, 'PGLITE_SHARED_BUFFERS', '') || null,
    firebase: {
      projectId: str(env, 'FIREBASE_PROJECT_ID', 'demo-tally'),
      apiKey: str(env, 'FIREBASE_API_KEY', 'demo-api-key'),
      authDomain: str(env, 'FIREBASE_AUTH_DOMAIN', 'demo-tally.firebaseapp.com'),
      emulatorHost: str(env, 'FIREBASE_AUTH_EMULATOR_HOST', '') || null,
      serviceAccountPath: str(env, 'FIREBASE_SERVICE_ACCOUNT', '') || null,
    },
    logLevel: str(env, 'LOG_LEVEL', 'info'),
    cluster,
    blobStore: blobStoreKind(env, cluster),
    redisUrl: str(env, 'REDIS_URL', '') || null,
    drainSeconds: int(env, 'DRAIN_SECONDS', cluster ? 3 : 0),
    blobUrlSecret: str(env, 'BLOB_URL_SECRET', '') || crypto.randomBytes(32).toString('hex'),
    ocr: {
      poolSize: int(env, 'OCR_POOL_SIZE', Math.max(1, os.cpus().length)),
      maxQueue: int(env, 'OCR_MAX_QUEUE', 8),
      idleMs: int(env, 'OCR_IDLE_SECONDS', 60) * 1000,
      scanTimeoutMs: Math.max(1, int(env, 'OCR_SCAN_TIME_LIMIT_SECONDS', SCAN_TIME_LIMIT_SECONDS)) * 1000,
    },
    readCacheTtlMs: int(env, 'READ_CACHE_TTL_MS', 5_000),
    writeRateLimitPerMinute: int(env, 'WRITE_RATE_LIMIT_PER_MINUTE', 120),
    // A screen asks for a handful of things at once; ten a second, kept up for a minute, is no person.
    readRateLimitPerMinute: int(env, 'READ_RATE_LIMIT_PER_MINUTE', 600),
    billReminderMinutes: int(env, 'BILL_REMINDER_MINUTES', 60),
    scanJobs: {
      // A cluster's API instances leave reading to worker processes unless told otherwise.
      workers: int(env, 'SCAN_WORKERS', cluster ? 0 : Math.max(1, int(env, 'OCR_POOL_SIZE', os.cpus().length))),
      queueMax: int(env, 'SCAN_QUEUE_MAX', 2000),
      timeoutSeconds: Math.max(1, int(env, 'SCAN_JOB_TIMEOUT_SECONDS', 300)),
      retryLimit: int(env, 'SCAN_RETRY_LIMIT', 3),
      retryDelaySeconds: int(env, 'SCAN_RETRY_DELAY_SECONDS', 10),
      pollingSeconds: Math.max(1, int(env, 'QUEUE_POLL_SECONDS', 2)),
      maintenanceSeconds: Math.max(1, int(env, 'QUEUE_MAINTENANCE_SECONDS', 60)),
    },
    fixedTime: parseFixedTime(str(env, 'FIXED_TIME', '')),
    mail: {
      port: str(env, 'MAIL_PORT', '') === '' ? null : int(env, 'MAIL_PORT', 0),
      host: str(env, 'MAIL_HOST', '127.0.0.1'),
      domain: str(env, 'MAIL_DOMAIN', 'tally.localhost').toLowerCase(),
    },
    imports: {
      commitWaitSeconds: int(env, 'IMPORT_COMMIT_WAIT_SECONDS', 5),
      cleanupMinutes: int(env, 'IMPORT_CLEANUP_MINUTES', 30),
    },
  };
  assertSafe(config);
  assertShareable(config, str(env, 'BLOB_URL_SECRET', ''));
  const { poolSize, maxQueue } = config.ocr;
  // More readers than the engine takes (reading plus waiting) would only be refused as busy and retried.
  if (poolSize > 0 && config.scanJobs.workers > poolSize + maxQueue) {
    throw new Error(`SCAN_WORKERS (${config.scanJobs.workers}) must be at most OCR_POOL_SIZE + OCR_MAX_QUEUE (${poolSize + maxQueue})`);
  }
  return config;
}

/**
 * What several processes (or one restarted in production) must share to agree: the signing
 * secret (a link signed by one instance is checked by another, or after a restart), and in a
 * cluster the database, the blob store and the rate-limit counters.
 */
function assertShareable(config: ServerConfig, givenSecret: string): void {
  const where = config.cluster ? 'with CLUSTER=true' : 'in production';
  if ((config.cluster || config.env === 'production') && givenSecret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `Refusing to start: BLOB_URL_SECRET must be set ${where}, at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -hex 32), the same on every instance.`,
    );
  }
  if (!config.cluster) return;
  if (!config.databaseUrl) throw new Error('Refusing to start: CLUSTER=true needs DATABASE_URL (PostgreSQL); the embedded database belongs to one process.');
  if (!config.redisUrl) throw new Error('Refusing to start: CLUSTER=true needs REDIS_URL, so every instance counts rate limits together.');
}

/** Emulator tokens are unsigned: anyone could forge one, so production must never trust them. */
export function assertSafe(config: ServerConfig): void {
  if (config.env === 'production' && config.firebase.emulatorHost) {
    throw new Error(
      'Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set in production mode (emulator tokens are unsigned). ' +
        `The emulator is allowed only with NODE_ENV set to exactly ${NON_PRODUCTION.join(' or ')}.`,
    );
  }
  // A production server that believed a fixed day would file every bill and budget under it.
  if (config.env === 'production' && config.fixedTime) {
    throw new Error(`Refusing to start: FIXED_TIME is set in production mode; it is allowed only with NODE_ENV set to exactly ${NON_PRODUCTION.join(' or ')}.`);
  }
}
