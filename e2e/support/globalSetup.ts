import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../../scripts/stack';
import { emulatorConfigFile, TEST_EMULATOR_HOST } from '../../scripts/testEmulator';
import { localStackEnv } from './stackEnv';

/**
 * Starts the real stack for the browser tests on their own ports and a fresh data folder:
 * auth emulator, API (PGlite, or DATABASE_URL when set) and the built web app.
 */
export default async function globalSetup(): Promise<void> {
  const root = path.resolve(__dirname, '../..');
  const distDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(root, 'dist/public'));
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error("No web build: run 'npm run build' before the browser tests (npm test does).");
  }
  const apiPort = process.env.E2E_API_PORT ?? '8100';
  const webPort = process.env.E2E_WEB_PORT ?? '8180';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-e2e-'));
  const { env, webUrl, apiUrl } = localStackEnv({ apiPort, webPort, dataDir, distDir, nodeEnv: 'test' });
  const stack = await startStack({
    env,
    emulatorConfigFile: emulatorConfigFile(TEST_EMULATOR_HOST),
    log: (source, line) => {
      if (process.env.E2E_VERBOSE || /"level":(50|60)|Error/.test(line)) console.log(`[${source}] ${line}`);
    },
  });
  process.env.E2E_WEB_URL = webUrl;
  process.env.E2E_API_URL = apiUrl;
  (globalThis as { __tallyStack?: unknown; __tallyDataDir?: string }).__tallyStack = stack;
  (globalThis as { __tallyDataDir?: string }).__tallyDataDir = dataDir;
}
