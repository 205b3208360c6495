import { startTestApp, type TestApp } from '../helpers';
import { loadConfig } from '../../../src/server/config';

/**
 * Each person's reads are limited per minute like their writes (plugins/security.ts): an export
 * or a deep page costs the database as much as a write, and one person's stream of them must
 * not slow everyone else.
 */
const READ_LIMIT = 5;
let t: TestApp;
beforeAll(async () => {
  // The read cache would answer repeats from memory before the limit counts them; off, every read counts.
  t = await startTestApp({ READ_RATE_LIMIT_PER_MINUTE: String(READ_LIMIT), READ_CACHE_TTL_MS: '0' });
});
afterAll(() => t?.close());

describe('per-person read limit', () => {
  it('refuses the reads past the limit with a 429 that says how long to wait, for that person only', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const read = (u = user) => t.request(u, { method: 'GET', url: '/categories' });
    // Sign-up read nothing: every one of these counts.
    for (let n = 0; n < READ_LIMIT; n++) expect((await read()).statusCode).toBe(200);
    const limited = await read();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests in a short time\. Please wait \d+ s and try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another person reads as before, and the limited person's writes have their own count.
    expect((await read(other)).statusCode).toBe(200);
    expect((await t.request(user, { method: 'POST', url: '/categories', payload: { name: 'Still writing' } })).statusCode).toBe(201);
  });

  it('allows 600 reads a minute by default, more than the writes', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp' });
    expect(config.readRateLimitPerMinute).toBe(600);
    expect(config.readRateLimitPerMinute).toBeGreaterThan(config.writeRateLimitPerMinute);
  });
});
