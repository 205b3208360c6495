import type { Config } from 'jest';
import base from './jest.config';

/** Browser tests: real Chromium against the running stack, one file at a time. */
const server = (base.projects as Config[])[0];
const config: Config = {
  transform: server.transform,
  transformIgnorePatterns: server.transformIgnorePatterns,
  moduleFileExtensions: server.moduleFileExtensions,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
  globalSetup: '<rootDir>/e2e/support/globalSetup.ts',
  globalTeardown: '<rootDir>/e2e/support/globalTeardown.ts',
  testTimeout: 90_000,
  maxWorkers: 1,
};
export default config;
