import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp, type TestUser } from '../helpers';
import { API_HELMET } from '../../../src/server/plugins/security';
import { READ_CACHE_TTL_MS } from '../../../src/server/plugins/readCache';

/**
 * The API works out helmet's headers once instead of per request (plugins/security.ts): every
 * answer must still carry exactly what @fastify/helmet itself sends with the same settings.
 * On PGlite with the read cache on, so that answers from the cache are checked too.
 */
let t: TestApp;
let user: TestUser;
let expected: Record<string, string>;
const WEB_ORIGIN = 'http://localhost:8080';

beforeAll(async () => {
  t = await startTestApp({ READ_CACHE_TTL_MS: String(READ_CACHE_TTL_MS) }, { pglite: true });
  user = await t.signUp();
  const reference = Fastify({ logger: false });
  await reference.register(helmet, API_HELMET);
  reference.get('/', async () => ({ ok: true }));
  const res = await reference.inject({ method: 'GET', url: '/' });
  await reference.close();
  const fastifyOwn = ['content-type', 'content-length', 'date', 'connection', 'keep-alive'];
  expected = Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !fastifyOwn.includes(name))
      .map(([k, v]) => [k, String(v)]),
  );
});
afterAll(() => t?.close());

const securityHeadersOf = (res: LightMyRequestResponse) => Object.fromEntries(Object.keys(expected).map((name) => [name, res.headers[name]]));

describe("helmet's headers, worked out once", () => {
  it('are the full set helmet sends (CSP, framing, sniffing, referrer, HSTS, ...)', () => {
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
    expect(expected['content-security-policy']).toMatch(/default-src 'none'/);
    expect(expected['x-frame-options']).toBe('DENY');
  });

  it.each<[string, () => Promise<LightMyRequestResponse>, number]>([
    ['a public answer', () => t.request(null, { method: 'GET', url: '/healthz' }), 200],
    ['a signed-in read', () => t.request(user, { method: 'GET', url: '/receipts?limit=7' }), 200],
    ['the same read again, from the read cache', () => t.request(user, { method: 'GET', url: '/receipts?limit=7' }), 200],
    ['a write', () => t.request(user, { method: 'POST', url: '/dashboard/budget', payload: { amount: 12 } }), 200],
    ['no token', () => t.request(null, { method: 'GET', url: '/receipts' }), 401],
    ['an unknown route', () => t.request(user, { method: 'GET', url: '/no-such-route' }), 404],
    ['an invalid query', () => t.request(user, { method: 'GET', url: '/receipts?limit=0' }), 400],
    [
      'a CORS preflight',
      () => t.request(null, { method: 'OPTIONS', url: '/receipts', headers: { origin: WEB_ORIGIN, 'access-control-request-method': 'GET' } }),
      204,
    ],
  ])('are on %s', async (_name, send, status) => {
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(securityHeadersOf(res)).toEqual(expected);
  });
});

describe('answers from the read cache', () => {
  it("carry this request's CORS headers, never those of the request that filled the cache", async () => {
    const u = await t.signUp();
    const first = await t.request(u, { method: 'GET', url: '/dashboard', headers: { origin: WEB_ORIGIN } });
    expect(first.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    for (const headers of [{ origin: 'http://evil.example' }, {}]) {
      const again = await t.request(u, { method: 'GET', url: '/dashboard', headers });
      expect(again.body).toBe(first.body);
      expect(again.headers['access-control-allow-origin']).toBeUndefined();
      expect(again.headers.vary).toBe('Origin');
      expect(securityHeadersOf(again)).toEqual(expected);
    }
    const fromWeb = await t.request(u, { method: 'GET', url: '/dashboard', headers: { origin: WEB_ORIGIN } });
    expect(fromWeb.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
  });

  it("keep the route's own headers (paging total, exposed to the web app)", async () => {
    const u = await t.signUp();
    await t.request(u, { method: 'POST', url: '/receipts', payload: { store: 'Bakery', date: '2026-01-05', amount: 4.5 } });
    const first = await t.request(u, { method: 'GET', url: '/receipts', headers: { origin: WEB_ORIGIN } });
    const again = await t.request(u, { method: 'GET', url: '/receipts', headers: { origin: WEB_ORIGIN } });
    for (const res of [first, again]) {
      expect(res.headers['x-total-count']).toBe('1');
      expect(res.headers['access-control-expose-headers']).toBe('x-total-count, x-next-cursor');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    }
    expect(again.body).toBe(first.body);
  });
});
