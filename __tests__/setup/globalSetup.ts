import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertSameClock, startAuthEmulator } from '../../scripts/emulator';
import { TEST_EMULATOR_HOST, TEST_PROJECT_ID } from './env';

/**
 * One auth emulator for the whole run (it takes ~10 s to start), on TEST_AUTH_EMULATOR_HOST
 * (default 127.0.0.1:9199) with its hub and logging ports next to it, so several runs can live
 * side by side. Tests make unique users and never clear accounts, so a shared emulator is safe.
 */
export function emulatorConfigFile(host: string): string {
  const port = Number(host.split(':')[1]);
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: port + 1 },
      logging: { host: '127.0.0.1', port: port + 2 },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const file = path.join(os.tmpdir(), `tally-firebase-${port}.json`);
  fs.writeFileSync(file, JSON.stringify(config));
  return file;
}

export default async function globalSetup(): Promise<void> {
  const emulator = await startAuthEmulator({ configFile: emulatorConfigFile(TEST_EMULATOR_HOST), host: TEST_EMULATOR_HOST, projectId: TEST_PROJECT_ID });
  (globalThis as { __tallyEmulator?: unknown }).__tallyEmulator = emulator;
  // An emulator reused from another run may keep another clock (faketime): say so at once.
  await assertSameClock(TEST_EMULATOR_HOST);
}
