import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ServerConfig } from './config';
import { openDatabase, type DbHandle } from './db';
import { createIdentity, type Identity } from './identity';
import { validatorCompiler } from './plugins/validation';
import errorsPlugin from './plugins/errors';
import securityPlugin from './plugins/security';
import dbPlugin from './plugins/db';
import authPlugin from './plugins/auth';
import healthRoutes from './modules/health/routes';
import profileRoutes from './modules/profile/routes';

export interface AppDeps {
  /** An open database; when absent one is opened from config and closed with the app. */
  db?: DbHandle;
  identity?: Identity;
}

/** Default JSON body limit; routes that take images set their own. */
export const BODY_LIMIT = 64 * 1024;

export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.env === 'test' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: true,
    ajv: { customOptions: { strict: false } },
  });
  app.setValidatorCompiler(validatorCompiler);

  const db = deps.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/pglite` }));
  const identity = deps.identity ?? createIdentity(config);
  app.addHook('onClose', async () => {
    if (!deps.identity) await identity.close();
    if (!deps.db) await db.close();
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { corsOrigins: config.corsOrigins });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tally API', version: '1.0.0', description: 'Personal budget and receipts tracker' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  await app.register(dbPlugin, { handle: db });
  await app.register(authPlugin, { identity });

  await app.register(healthRoutes);
  // Everything below needs a signed-in user: one hook for the whole scope, not a line per handler.
  await app.register(async (secured) => {
    secured.addHook('onRequest', secured.authenticate);
    await secured.register(profileRoutes);
  });
  return app;
}
