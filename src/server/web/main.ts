import 'dotenv/config';
import { loadConfig } from '../config';
import { buildWebApp } from './webApp';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildWebApp(config);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await app.listen({ host: config.apiHost, port: config.webPort });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
