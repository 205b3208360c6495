import 'dotenv/config';
import { loadConfig } from './config';
import { buildApp } from './app';
import { buildWebApp } from './web/webApp';
import { onShutdown, runMain } from './lifecycle';

runMain(async () => {
  const config = loadConfig();
  const app = await buildApp(config);
  // In production the same process serves the web app: a small server needs no second Node process for static files.
  const web = config.serveWeb ? await buildWebApp(config) : null;
  onShutdown(async () => {
    app.log.info('shutting down');
    // Behind a balancer: fail its health checks first so it sends nothing new, still answering
    // what comes meanwhile; closing then waits for the requests in flight.
    if (config.drainSeconds > 0) {
      app.drain.draining = true;
      await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    }
    await Promise.all([app.close(), web?.close()]);
  });
  await app.listen({ host: config.apiHost, port: config.apiPort });
  await web?.listen({ host: config.apiHost, port: config.webPort });
});
