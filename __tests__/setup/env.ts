/** Where the tests' own auth emulator listens: apart from a running dev stack (9099). */
export const TEST_EMULATOR_HOST = process.env.TEST_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
export const TEST_PROJECT_ID = 'demo-tally-test';
export const TEST_API_KEY = 'test-api-key';
