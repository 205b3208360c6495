import type { Emulator } from '../../scripts/emulator';

export default async function globalTeardown(): Promise<void> {
  const emulator = (globalThis as { __tallyEmulator?: Emulator }).__tallyEmulator;
  await emulator?.stop();
}
