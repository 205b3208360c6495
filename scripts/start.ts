import 'dotenv/config';
import path from 'node:path';
import { startStack } from './stack';
import { onShutdown, runMain } from '../src/server/lifecycle';

/** `npm start`: auth emulator + API + web with embedded defaults, until Ctrl+C. */
runMain(async () => {
  const env: Record<string, string> = {
    // The API trusts the auth emulator only in an explicit development (or test) mode.
    NODE_ENV: 'development',
    API_PORT: '8000',
    WEB_PORT: '8080',
    FIREBASE_PROJECT_ID: 'demo-tally',
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    DATA_DIR: path.resolve('data'),
    // Receipts by e-mail: the mail listener on a local port (docs/operations.md puts port 25 in front of it).
    MAIL_PORT: '2525',
    ...(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined)) as Record<string, string>),
  };
  const dataDir = path.resolve(env.DATA_DIR);
  const stack = await startStack({
    env,
    emulatorConfigFile: path.resolve('firebase.json'),
    emulatorDataDir: path.join(dataDir, 'auth-emulator'),
    log: (source, line) => console.log(`[${source}] ${line}`),
  });
  console.log(
    `\nTally is running: open ${stack.webUrl}\n  API ${stack.apiUrl} (docs at ${stack.apiUrl}/docs)\n  Auth emulator http://${env.FIREBASE_AUTH_EMULATOR_HOST} (password-reset links: http://${env.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/${env.FIREBASE_PROJECT_ID}/oobCodes)\nPress Ctrl+C to stop.`,
  );
  onShutdown(async () => {
    console.log('Stopping Tally...');
    await stack.stop();
  });
});
