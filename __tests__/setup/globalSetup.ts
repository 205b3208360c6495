import path from 'node:path';
import { startAuthEmulator, clearEmulatorAccounts } from '../../scripts/emulator';
import { TEST_EMULATOR_HOST, TEST_PROJECT_ID } from './env';

/** One auth emulator for the whole run (it takes ~10 s to start). */
export default async function globalSetup(): Promise<void> {
  const emulator = await startAuthEmulator({
    configFile: path.resolve(__dirname, '../../firebase.test.json'),
    host: TEST_EMULATOR_HOST,
    projectId: TEST_PROJECT_ID,
  });
  await clearEmulatorAccounts(TEST_EMULATOR_HOST, TEST_PROJECT_ID);
  (globalThis as { __tallyEmulator?: unknown }).__tallyEmulator = emulator;
}
