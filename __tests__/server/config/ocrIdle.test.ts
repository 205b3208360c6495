import os from 'node:os';
import { loadConfig } from '../../../src/server/config';
import { SCAN_TIME_LIMIT_SECONDS } from '../../../src/shared/constants/scan';

const base = { NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', DATA_DIR: os.tmpdir() };

describe('OCR_IDLE_SECONDS', () => {
  it('lets the scan process go after a quiet minute unless told otherwise', () => {
    expect(loadConfig(base).ocr.idleMs).toBe(60_000);
    expect(loadConfig({ ...base, OCR_IDLE_SECONDS: '30' }).ocr.idleMs).toBe(30_000);
    expect(loadConfig({ ...base, OCR_IDLE_SECONDS: '0' }).ocr.idleMs).toBe(0);
  });
});

describe('OCR_SCAN_TIME_LIMIT_SECONDS', () => {
  it('stops a scan after a minute and a half unless told otherwise', () => {
    expect(loadConfig(base).ocr.scanTimeoutMs).toBe(SCAN_TIME_LIMIT_SECONDS * 1000);
    expect(SCAN_TIME_LIMIT_SECONDS).toBe(90);
    expect(loadConfig({ ...base, OCR_SCAN_TIME_LIMIT_SECONDS: '5' }).ocr.scanTimeoutMs).toBe(5_000);
    expect(() => loadConfig({ ...base, OCR_SCAN_TIME_LIMIT_SECONDS: 'soon' })).toThrow(/OCR_SCAN_TIME_LIMIT_SECONDS must be a whole number/);
  });
});
