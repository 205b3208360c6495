import { assertSameClock, startAuthEmulator } from '../../scripts/emulator';
import { emulatorConfigFile, TEST_EMULATOR_HOST, TEST_PROJECT_ID } from '../../scripts/testEmulator';

/**
 * One auth emulator for the whole run (it takes ~10 s to start), on TEST_AUTH_EMULATOR_HOST
 * (default 127.0.0.1:9199; scripts/testEmulator.ts), so several runs can live side by side.
 */
export default async function globalSetup(): Promise<void> {
  const emulator = await startAuthEmulator({ configFile: emulatorConfigFile(TEST_EMULATOR_HOST), host: TEST_EMULATOR_HOST, projectId: TEST_PROJECT_ID });
  (globalThis as { __tallyEmulator?: unknown }).__tallyEmulator = emulator;
  // An emulator reused from another run may keep another clock (faketime): say so at once.
  await assertSameClock(TEST_EMULATOR_HOST);
}
