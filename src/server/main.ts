import 'dotenv/config';
import { loadConfig } from './config';
import { buildApp } from './app';
import { onShutdown, runMain } from './lifecycle';

runMain(async () => {
  const config = loadConfig();
  const app = await buildApp(config);
  onShutdown(async () => {
    app.log.info('shutting down');
    await app.close();
  });
  await app.listen({ host: config.apiHost, port: config.apiPort });
});
