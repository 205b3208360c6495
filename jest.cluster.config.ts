import type { Config } from 'jest';
import base from './jest.config';

/** The cluster test (npm run test:cluster): real processes behind HAProxy, one file. */
const server = (base.projects as Config[])[0];
const config: Config = {
  transform: server.transform,
  transformIgnorePatterns: server.transformIgnorePatterns,
  moduleFileExtensions: server.moduleFileExtensions,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/cluster/**/*.test.ts'],
  globalSetup: '<rootDir>/__tests__/setup/globalSetup.ts',
  globalTeardown: '<rootDir>/__tests__/setup/globalTeardown.ts',
  testTimeout: 300_000,
  maxWorkers: 1,
};
export default config;
