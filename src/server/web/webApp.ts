import path from 'node:path';
import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import helmet from '@fastify/helmet';
import type { ServerConfig } from '../config';
import { clientConfigFor } from './clientConfig';

/** The web build beside a server build (dist/server -> dist/public), else the source tree's dist/public. */
function defaultPublicDir(): string {
  const besideBuild = path.join(__dirname, '../public');
  return fs.existsSync(path.join(besideBuild, 'index.html')) ? besideBuild : path.join(__dirname, '../../../dist/public');
}

/**
 * Serves the built SPA: hashed assets cached for a year (pre-compressed gzip when present),
 * index.html for every app route, /config.json, and a content security policy the app runs under.
 */
export async function buildWebApp(config: ServerConfig, publicDir = path.resolve(process.env.WEB_DIST_DIR || defaultPublicDir())): Promise<FastifyInstance> {
  if (!fs.existsSync(path.join(publicDir, 'index.html'))) {
    throw new Error(`No web build in ${publicDir}: run 'npm run build' first.`);
  }
  const app = Fastify({ logger: config.env === 'test' ? false : { level: config.logLevel } });
  const clientConfig = clientConfigFor(config);
  const apiOrigin = new URL(config.publicApiUrl).origin;
  const identityOrigins = clientConfig.authEmulatorUrl
    ? [clientConfig.authEmulatorUrl]
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', apiOrigin],
        connectSrc: ["'self'", apiOrigin, ...identityOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // HSTS belongs to the TLS terminator in production; on http://localhost it would only get in the way.
    strictTransportSecurity: config.env === 'production',
  });

  app.get('/config.json', async (_req, reply) => reply.header('cache-control', 'no-store').send(clientConfig));

  await app.register(fastifyStatic, {
    root: publicDir,
    preCompressed: true,
    index: false,
    wildcard: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  // Client-side routes: any other GET that wants HTML gets the app shell.
  app.setNotFoundHandler((req, reply) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path.extname(req.url.split('?')[0])) {
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
