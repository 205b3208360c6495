import 'dotenv/config';
import { loadConfig } from '../config';
import { onShutdown, runMain } from '../lifecycle';
import { buildWebApp } from './webApp';

runMain(async () => {
  const config = loadConfig();
  const app = await buildWebApp(config);
  onShutdown(() => app.close());
  await app.listen({ host: config.apiHost, port: config.webPort });
});
