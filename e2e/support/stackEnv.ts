import { TEST_API_KEY, TEST_EMULATOR_HOST, TEST_PROJECT_ID } from '../../scripts/testEmulator';

/** The browser tests' mail listener port (E2E_MAIL_PORT), apart from npm start's 2525. */
export function mailPort(): string {
  return process.env.E2E_MAIL_PORT ?? '2526';
}

export interface LocalStack {
  apiPort: number | string;
  webPort: number | string;
  dataDir: string;
  distDir: string;
  nodeEnv: 'test' | 'development';
}

/**
 * The environment of a whole local stack (API, web server, test auth emulator) on the given ports,
 * as the browser tests and the page benchmark run it. PostgreSQL when DATABASE_URL is set.
 */
export function localStackEnv({ apiPort, webPort, dataDir, distDir, nodeEnv }: LocalStack): { env: Record<string, string>; webUrl: string; apiUrl: string } {
  const webUrl = `http://localhost:${webPort}`;
  const apiUrl = `http://localhost:${apiPort}`;
  const env: Record<string, string> = {
    NODE_ENV: nodeEnv,
    LOG_LEVEL: 'warn',
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    PUBLIC_API_URL: apiUrl,
    CORS_ORIGINS: `${webUrl},http://127.0.0.1:${webPort}`,
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_API_KEY: TEST_API_KEY,
    FIREBASE_AUTH_EMULATOR_HOST: TEST_EMULATOR_HOST,
    OCR_POOL_SIZE: '1',
    WEB_DIST_DIR: distDir,
    // The mail listener, for the receipts-by-e-mail test (e2e/mailIn.e2e.ts).
    MAIL_PORT: mailPort(),
  };
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
  return { env, webUrl, apiUrl };
}
