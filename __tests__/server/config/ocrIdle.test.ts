import os from 'node:os';
import { loadConfig } from '../../../src/server/config';

const base = { NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', DATA_DIR: os.tmpdir() };

describe('OCR_IDLE_SECONDS', () => {
  it('lets the scan process go after a quiet minute unless told otherwise', () => {
    expect(loadConfig(base).ocr.idleMs).toBe(60_000);
    expect(loadConfig({ ...base, OCR_IDLE_SECONDS: '30' }).ocr.idleMs).toBe(30_000);
    expect(loadConfig({ ...base, OCR_IDLE_SECONDS: '0' }).ocr.idleMs).toBe(0);
  });
});
