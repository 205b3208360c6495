import os from 'node:os';
import { loadConfig } from '../../../src/server/config';
import { clockOf } from '../../../src/server/clock';
import { startTestApp } from '../helpers';

const dev = { NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', DATA_DIR: os.tmpdir() };

describe('FIXED_TIME: the API’s clock', () => {
  it('is the machine’s by default, and stands at the moment given', () => {
    expect(loadConfig(dev).fixedTime).toBeNull();
    expect(loadConfig({ ...dev, FIXED_TIME: '2027-12-31T22:30:00-05:00' }).fixedTime?.toISOString()).toBe('2028-01-01T03:30:00.000Z');
    const clock = clockOf(new Date('2027-01-01T09:00:00Z'));
    expect(clock().toISOString()).toBe('2027-01-01T09:00:00.000Z');
    // Each answer is its own Date: a caller that changes one changes nothing else.
    clock().setUTCFullYear(1999);
    expect(clock().toISOString()).toBe('2027-01-01T09:00:00.000Z');
    const machine = clockOf(null)().getTime();
    expect(Math.abs(machine - Date.now())).toBeLessThan(60_000);
  });

  it('refuses what is not a moment, and any fixed moment in production', () => {
    for (const bad of ['tomorrow', '2027-01-01', '2027-13-01T00:00:00Z']) {
      expect(() => loadConfig({ ...dev, FIXED_TIME: bad })).toThrow(`FIXED_TIME must be an ISO moment such as 2027-01-01T09:00:00Z, got '${bad}'`);
    }
    const production = { NODE_ENV: 'production', DATA_DIR: os.tmpdir(), BLOB_URL_SECRET: 'a'.repeat(64) };
    expect(() => loadConfig({ ...production, FIXED_TIME: '2027-01-01T09:00:00Z' })).toThrow(/Refusing to start: FIXED_TIME is set in production mode/);
  });

  it('decides the day of every rule: the latest date a receipt may have is a year after it', async () => {
    const t = await startTestApp({ FIXED_TIME: '2030-06-15T12:00:00Z' });
    try {
      const user = await t.signUp();
      const save = (date: string) => t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Shop', date, amount: 1 } });
      expect((await save('2031-06-16')).statusCode).toBe(201);
      const late = await save('2031-06-17');
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe('date must be between 1970-01-01 and 2031-06-16');
      expect((await t.request(user, { method: 'GET', url: '/dashboard' })).json()).toMatchObject({ month: '2030-06', pace: null });
    } finally {
      await t.close();
    }
  });
});
