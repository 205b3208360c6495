import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { startTestApp, type TestApp, type TestUser } from '../helpers';
import { JSON_LIMITS, JsonShapeCheck } from '../../../src/server/plugins/jsonGuard';
import { loadConfig } from '../../../src/server/config';
import { SCAN_RATE_LIMIT_PER_MINUTE } from '../../../src/shared/scan';
import { todayUtc } from '../modules/receipts/fixtures';
import { isErrorBody } from './routes';

/**
 * JSON bodies are bounded in shape before anything parses them (plugins/jsonGuard.ts), every
 * field has a schema, and each user's writes are rate limited (plugins/security.ts).
 */
const WRITE_LIMIT = 6;
let t: TestApp;
let user: TestUser;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: String(WRITE_LIMIT) });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());
// A fresh user per test: each one's writes count against their own limit.
beforeEach(async () => {
  user = await t.signUp();
});

const DEEP = `The request body is nested too deeply (at most ${JSON_LIMITS.maxDepth} levels)`;
const post = (url: string, payload: string) => t.request(user, { method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

describe('the shape of a JSON body is checked before it is parsed', () => {
  it.each([
    ['POST', '/receipts'],
    ['PUT', '/receipts/00000000-0000-4000-8000-000000000000'],
    ['POST', '/scan/receipt-base64'],
    ['POST', '/categories'],
  ] as const)('%s %s: 5 million nested arrays are refused with 400', async (method, url) => {
    const nested = `{"store":"x","date":"2026-01-02","amount":1,"shared_expenses":${'['.repeat(5_000_000)}${']'.repeat(5_000_000)}}`;
    const res = await t.request(user, { method, url, headers: { 'content-type': 'application/json' }, payload: nested });
    expect(res.statusCode).toBe(method === 'POST' && url === '/categories' ? 413 : 400); // /categories: 64 KB at most
    expect(isErrorBody(res.statusCode, res.json())).toBe(true);
    if (res.statusCode === 400) expect(res.json().message).toBe(DEEP);
  });

  it('answers while the body is still arriving: nothing waits for (or parses) the rest', async () => {
    const declared = 12 * 1024 * 1024 - 100;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/receipts',
          headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'content-length': declared },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      // A first megabyte of the nesting; the other eleven are never sent.
      req.write(`{"shared_expenses":${'['.repeat(1024 * 1024)}`);
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toBe(DEEP);
  });

  it('refuses too many values, and too much besides text, on the image-sized routes', async () => {
    const many = `{"store":"x","date":"2026-01-02","amount":1,"items":[${Array(JSON_LIMITS.maxValues + 1)
      .fill('1')
      .join(',')}]}`;
    const res = await post('/receipts', many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`The request body has too many values (at most ${JSON_LIMITS.maxValues})`);

    const padded = `{"store":"x",${' '.repeat(JSON_LIMITS.maxStructureBytes)}"date":"2026-01-02","amount":1}`;
    const wide = await post('/receipts', padded);
    expect(wide.statusCode).toBe(413);
    expect(wide.json().message).toBe('The request body has too much besides its text values');
  });

  it('text that looks like nesting is only text: such a receipt is saved and read back exactly', async () => {
    const description = `${'['.repeat(300)}\\"{{{${'\\'.repeat(7)}"]]]`;
    const res = await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Brackets [[[', date: todayUtc(), amount: 2, description } });
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toBe(description);
  });

  it('shared_expenses takes an empty list, or members’ parts of a shared receipt, and nothing else', async () => {
    const scan = { store_name: 'Shared', date: todayUtc(), total_amount: 5, is_shared: false };
    expect((await t.request(user, { method: 'POST', url: '/receipts', payload: { ...scan, shared_expenses: [] } })).statusCode).toBe(201);
    for (const shared_expenses of [[{ user: 'x', amount: 1 }], [1], [[]]]) {
      const res = await t.request(user, { method: 'POST', url: '/receipts', payload: { ...scan, shared_expenses } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^shared_expenses\.0/);
    }
    const unshared = await t.request(user, { method: 'POST', url: '/receipts', payload: { ...scan, shared_expenses: [{ member_id: 'x', amount: 5 }] } });
    expect([unshared.statusCode, unshared.json().message]).toEqual([
      400,
      'Who paid and who each part is for only count on a shared receipt: choose its household (household_id)',
    ]);
  });
});

describe('JsonShapeCheck', () => {
  const scanAll = (text: string, cuts: number[]) => {
    const check = new JsonShapeCheck();
    const bytes = Buffer.from(text);
    const points = [...new Set([0, ...cuts.map((c) => c % (bytes.length + 1)), bytes.length])].sort((a, b) => a - b);
    for (let k = 1; k < points.length; k++) {
      const err = check.scan(bytes.subarray(points[k - 1], points[k]));
      if (err) return err;
    }
    return null;
  };

  it('lets any JSON within the bounds through, however it is cut into chunks', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: JSON_LIMITS.maxDepth - 1 }), fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        expect(scanAll(text, cuts)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('stops nesting one level past the bound, however it is cut, escapes and quotes included', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        const depth = JSON_LIMITS.maxDepth + 1;
        const body = `${'[{"k":'.repeat(depth)}${JSON.stringify(text)}${'}]'.repeat(depth)}`;
        expect(scanAll(body, cuts)?.message).toBe(DEEP);
      }),
      { numRuns: 300 },
    );
  });
});

describe('per-user write rate limit', () => {
  it(`refuses a user's writes past the limit with 429, and only theirs`, async () => {
    const other = await t.signUp();
    const write = (u: TestUser, n: number) => t.request(u, { method: 'POST', url: '/categories', payload: { name: `Limited ${n}` } });
    // Sign-up's register call was the first write.
    for (let n = 1; n < WRITE_LIMIT; n++) expect((await write(user, n)).statusCode).toBe(201);
    const limited = await write(user, WRITE_LIMIT);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many changes in a short time\. Please wait \d+ s and try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before the body is read: even a body the guard would refuse gets the 429.
    expect((await post('/receipts', `{"x":${'['.repeat(1000)}`)).statusCode).toBe(429);
    // Reading goes on; another user writes as before.
    expect((await t.request(user, { method: 'GET', url: '/categories' })).statusCode).toBe(200);
    expect((await write(other, 1)).statusCode).toBe(201);
  });

  it('allows 120 writes a minute by default, more than the scans one may start', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp' });
    expect(config.writeRateLimitPerMinute).toBeGreaterThan(SCAN_RATE_LIMIT_PER_MINUTE);
    expect(config.writeRateLimitPerMinute).toBe(120);
  });
});
