import type { Config } from 'jest';
import e2e from './jest.e2e.config';

/** The cluster test (npm run test:cluster): real processes behind HAProxy, one file, the API tests' emulator. */
const config: Config = {
  ...e2e,
  testMatch: ['<rootDir>/__tests__/cluster/**/*.test.ts'],
  globalSetup: '<rootDir>/__tests__/setup/globalSetup.ts',
  globalTeardown: '<rootDir>/__tests__/setup/globalTeardown.ts',
  testTimeout: 300_000,
};
export default config;
