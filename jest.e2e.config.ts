import type { Config } from 'jest';
import base from './jest.config';

/**
 * Browser tests: real Chromium against the running stack (one stack, one user per test), two
 * files at a time: a browser test mostly waits on the page and the API, so two share the cores.
 */
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
  maxWorkers: 2,
};
export default config;
