import fs from 'node:fs';
import type { Stack } from '../../scripts/stack';

export default async function globalTeardown(): Promise<void> {
  const g = globalThis as { __tallyStack?: Stack; __tallyDataDir?: string };
  await g.__tallyStack?.stop();
  if (g.__tallyDataDir) fs.rmSync(g.__tallyDataDir, { recursive: true, force: true });
}
