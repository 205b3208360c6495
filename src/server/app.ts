import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { assertSafe, type ServerConfig } from './config';
import { openDatabase, type DbHandle } from './db';
import { createIdentity, type Identity } from './identity';
import { validatorCompiler } from './plugins/validation';
import { schemaController } from './plugins/lazySerializers';
import { conditionalsAsOneOf } from './openapi';
import errorsPlugin from './plugins/errors';
import securityPlugin, { DOCS_CSP, PRIVATE_CACHE_CONTROL, personRateLimit } from './plugins/security';
import jsonGuard from './plugins/jsonGuard';
import dbPlugin from './plugins/db';
import authPlugin from './plugins/auth';
import readCache from './plugins/readCache';
import healthRoutes from './modules/health/routes';
import profileRoutes from './modules/profile/routes';
import blobsPlugin from './plugins/blobs';
import blobRoutes from './blobs/routes';
import categoryRoutes from './modules/categories/routes';
import receiptRoutes from './modules/receipts/routes';
import {
  categoryHooks,
  profileHooks,
  receiptListeners,
  receiptsChangedInBulk,
  recurringHooks,
  settingsHooks,
  storesChangedInBulk,
  takeDraft,
} from './moduleWiring';
import recurringRoutes from './modules/recurring/routes';
import householdRoutes from './modules/households/routes';
import billReminders from './plugins/billReminders';
import dashboardRoutes from './modules/dashboard/routes';
import analyticsRoutes from './modules/analytics/routes';
import priceRoutes from './modules/prices/routes';
import warrantyRoutes from './modules/warranties/routes';
import notificationRoutes from './modules/notifications/routes';
import avatarPlugin from './modules/avatar/plugin';
import avatarRoutes from './modules/avatar/routes';
import settingsRoutes from './modules/settings/routes';
import currencyRoutes from './modules/currency/routes';
import importRoutes from './modules/imports/routes';
import exportRoutes from './modules/export/routes';
import backupRoutes from './modules/backup/routes';
import accountRoutes from './modules/account/routes';
import type { BlobStore } from './blobs/store';
import { openBlobStorage } from './blobs/storage';
import { openRedis } from './redis';
import ocrPlugin from './plugins/ocr';
import scanRoutes from './modules/scan/routes';
import { ScanService } from './modules/scan/service';
import queuePlugin from './plugins/queue';
import draftRoutes from './modules/drafts/routes';
import mailInRoutes from './modules/mailIn/routes';
import mailListener from './modules/mailIn/plugin';
import { setUpScanJobs } from './modules/drafts/scanJob';
import { setUpImportJobs } from './modules/imports/importJob';
import { queueRefitIfDue, setUpRefitJobs } from './modules/scan/refitJob';
import type { ReceiptScanner } from './ocr';
import { clockOf, type Clock } from './clock';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process is stopping: /healthz answers 503 so a balancer sends no more requests. */
    drain: { draining: boolean };
    /** "Now" for every rule that depends on the day (config FIXED_TIME, else the machine's clock). */
    clock: Clock;
  }
}

export interface AppDeps {
  /** An open database; when absent one is opened from config and closed with the app. */
  db?: DbHandle;
  identity?: Identity;
  /** Blob store for receipt images; default: the configured storage (BLOB_STORE). */
  blobs?: BlobStore;
  /** Receipt scanner (PP-OCR in a scan process); default: one started from config.ocr, closed with the app. */
  scanner?: ReceiptScanner;
}

/** How long closing waits for receipts being read to finish; a try cut short is read again later. */
const QUEUE_STOP_TIMEOUT_MS = 30_000;

/** Default JSON body limit; routes that take images set their own. */
export const BODY_LIMIT = 64 * 1024;

export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  assertSafe(config); // a config built by hand must not bypass the production guard of loadConfig
  const app = Fastify({
    logger: config.env === 'test' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: true,
    ajv: { customOptions: { strict: false } },
    schemaController,
  });
  app.setValidatorCompiler(validatorCompiler);

  const db =
    deps.db ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: `${config.dataDir}/pglite`,
      pgliteSharedBuffers: config.pgliteSharedBuffers ?? undefined,
    }));
  const identity = deps.identity ?? createIdentity(config);
  app.addHook('onClose', async () => {
    if (!deps.identity) await identity.close();
    if (!deps.db) await db.close();
  });

  const redis = config.redisUrl ? openRedis(config.redisUrl, (err) => app.log.error({ err }, 'redis')) : null;
  app.addHook('onClose', async () => {
    // quit() waits for the server's answer, which an unreachable Redis never gives.
    if (redis?.status === 'ready') await redis.quit();
    else redis?.disconnect();
  });

  app.decorate('drain', { draining: false });
  const clock = clockOf(config.fixedTime);
  app.decorate('clock', clock);
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { corsOrigins: config.corsOrigins, redis });
  await app.register(jsonGuard);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tally API', version: '1.0.0', description: 'Personal budget and receipts tracker' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } } },
      security: [{ bearer: [] }],
    },
    transformObject: (documents) => conditionalsAsOneOf('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' }, staticCSP: DOCS_CSP });
  await app.register(dbPlugin, { handle: db });
  await app.register(authPlugin, { identity });
  const storage = openBlobStorage(config.blobStore, config.dataDir, db.db);
  await app.register(blobsPlugin, { store: deps.blobs ?? storage.images, secret: config.blobUrlSecret, publicUrl: config.publicApiUrl });
  await app.register(ocrPlugin, { ...config.ocr, scanner: deps.scanner, lazy: config.env === 'test' });
  const { pollingSeconds, maintenanceSeconds, ...scanJobs } = config.scanJobs;
  await app.register(queuePlugin, {
    handle: db,
    timings: { pollingSeconds, maintenanceSeconds },
    setup: async (queue) => {
      await setUpScanJobs(queue, { db: db.db, blobs: app.blobs, scan: new ScanService(db.db, app.receiptScanner, clock) }, scanJobs);
      await setUpImportJobs(queue, { db: db.db, storesChanged: storesChangedInBulk, changedInBulk: receiptsChangedInBulk, clock });
      await setUpRefitJobs(queue, { db: db.db });
    },
    lazy: config.env === 'test',
    stopTimeoutMs: QUEUE_STOP_TIMEOUT_MS,
  });

  // A save of a scan may make the person's picker due a refit: queued after the save commits, never failing it.
  const scanSaved = async (userId: string) => {
    await queueRefitIfDue(db.db, () => app.jobQueue.get(), userId).catch((err: unknown) => app.log.warn({ err }, 'could not queue a scan picker refit'));
  };

  await app.register(healthRoutes);
  // Signed image links are public: an <img> cannot send a bearer token; the signature is the key.
  await app.register(blobRoutes);
  // Avatars are public too (an <img> again); their random file names are the key.
  await app.register(avatarPlugin, { driver: storage.avatars });
  // Everything below needs a signed-in user: one hook for the whole scope, not a line per handler.
  await app.register(async (secured) => {
    // Before authentication, so a 401 carries it too; a route may still set its own.
    secured.addHook('onRequest', (_req, reply, done) => {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      done();
    });
    secured.addHook('onRequest', secured.authenticate);
    if (config.writeRateLimitPerMinute > 0 || config.readRateLimitPerMinute > 0) {
      secured.addHook('preParsing', personRateLimit(secured, { writes: config.writeRateLimitPerMinute, reads: config.readRateLimitPerMinute }));
    }
    // Embedded database only (one process owns it): a query there costs more than the rest of a request.
    if (db.driver === 'pglite' && config.readCacheTtlMs > 0) await secured.register(readCache, { ttlMs: config.readCacheTtlMs });
    await secured.register(profileRoutes, { identity, hooks: profileHooks });
    await secured.register(categoryRoutes, { hooks: categoryHooks });
    await secured.register(receiptRoutes, { listeners: receiptListeners, takeDraft, scanSaved });
    await secured.register(draftRoutes, { queueMax: config.scanJobs.queueMax });
    await secured.register(mailInRoutes, { domain: config.mail.domain });
    await secured.register(dashboardRoutes, { profileHooks });
    await secured.register(analyticsRoutes);
    await secured.register(priceRoutes);
    await secured.register(warrantyRoutes);
    await secured.register(notificationRoutes);
    await secured.register(scanRoutes);
    await secured.register(avatarRoutes);
    await secured.register(settingsRoutes, { hooks: settingsHooks });
    await secured.register(currencyRoutes);
    await secured.register(importRoutes, { commitWaitMs: config.imports.commitWaitSeconds * 1000, cleanupEveryMs: config.imports.cleanupMinutes * 60_000 });
    await secured.register(exportRoutes);
    await secured.register(backupRoutes, { changedInBulk: receiptsChangedInBulk });
    await secured.register(accountRoutes, { identity });
    await secured.register(recurringRoutes, { hooks: recurringHooks });
    await secured.register(householdRoutes, { webOrigin: config.corsOrigins[0] });
  });
  if (config.mail.port !== null) await app.register(mailListener, { ...config.mail, port: config.mail.port, queueMax: config.scanJobs.queueMax });
  if (config.billReminderMinutes > 0) await app.register(billReminders, { everyMs: config.billReminderMinutes * 60_000 });
  return app;
}
