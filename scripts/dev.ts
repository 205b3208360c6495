import 'dotenv/config';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startAuthEmulator } from './emulator';
import { onShutdown, runMain } from '../src/server/lifecycle';

/**
 * `npm run dev`: the auth emulator, the API restarting on change (tsx watch) and the webpack
 * dev server with hot reload on :8080.
 */
runMain(async () => {
  const root = path.resolve(__dirname, '..');
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
    // Receipts by e-mail, as npm start runs it.
    MAIL_PORT: process.env.MAIL_PORT ?? '2525',
  };
  const emulator = await startAuthEmulator({
    configFile: path.join(root, 'firebase.json'),
    host: env.FIREBASE_AUTH_EMULATOR_HOST!,
    projectId: env.FIREBASE_PROJECT_ID ?? 'demo-tally',
    dataDir: path.resolve(env.DATA_DIR ?? 'data', 'auth-emulator'),
  });
  const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
  const children: ChildProcess[] = [
    spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], { cwd: root, env, stdio: 'inherit' }),
    spawn(bin('webpack'), ['serve', '--mode', 'development'], { cwd: root, env, stdio: 'inherit' }),
  ];
  onShutdown(async () => {
    for (const c of children) c.kill('SIGTERM');
    await emulator.stop();
  });
});
