import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, testConfig, type TestApp, type TestUser } from '../helpers';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { buildWebApp } from '../../../src/server/web/webApp';
import { SIGN_UP_RATE_LIMIT_PER_MINUTE } from '../../../src/server/plugins/security';
import { SCAN_RATE_LIMIT_PER_MINUTE } from '../../../src/shared/scan';
import { isErrorBody, SECURED_ROUTES } from './routes';
import { INVITATION_TOKEN_HEADER } from '../../../src/shared/constants/households';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await t.signUp();
});
afterAll(() => t?.close());

const header = (res: LightMyRequestResponse, name: string) => String(res.headers[name] ?? '');
const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v.join(' ')]),
  );

describe('security headers', () => {
  it('the API denies framing, sniffing, referrers and any active content', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.request(user, { method: 'GET', url: '/receipts' }),
      await t.app.inject({ method: 'GET', url: '/receipts' }),
    ]) {
      expect(header(res, 'x-content-type-options')).toBe('nosniff');
      expect(header(res, 'x-frame-options')).toBe('DENY');
      expect(header(res, 'referrer-policy')).toBe('no-referrer');
      const csp = directives(header(res, 'content-security-policy'));
      // Deny-all and nothing else: no helmet defaults (script-src 'self', styles from https:) merged in.
      expect(csp).toEqual({ 'default-src': "'none'", 'base-uri': "'none'", 'form-action': "'none'", 'frame-ancestors': "'none'" });
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('/docs has its own policy: its scripts and styles from this origin only', async () => {
    for (const url of ['/docs', '/docs/static/index.html', '/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeLessThan(400);
      const csp = directives(header(res, 'content-security-policy'));
      expect(csp['default-src']).toBe("'none'");
      expect(csp['script-src']).toBe("'self'");
      expect(csp['style-src']).toBe("'self' 'unsafe-inline'");
      expect(csp['connect-src']).toBe("'self'");
      expect(csp['frame-ancestors']).toBe("'none'");
      expect(Object.values(csp).join(' ')).not.toMatch(/https:|\*/);
    }
  });

  it('the web server sends a CSP that allows only its own scripts, the API and the sign-in service', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-web-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Tally</title>');
    const config = testConfig({ PUBLIC_API_URL: 'http://localhost:8000' });
    const web = await buildWebApp(config, dir);
    try {
      const res = await web.inject({ method: 'GET', url: '/receipts' });
      expect(res.statusCode).toBe(200);
      const csp = directives(header(res, 'content-security-policy'));
      expect(csp['default-src']).toBe("'self'");
      expect(csp['script-src']).toBe("'self'"); // no inline script: an injected <script> cannot run
      expect(csp['object-src']).toBe("'none'");
      expect(csp['frame-ancestors']).toBe("'none'");
      expect(csp['base-uri']).toBe("'self'");
      expect(csp['connect-src'].split(' ')).toEqual(expect.arrayContaining(["'self'", 'http://localhost:8000']));
      expect(csp['img-src'].split(' ')).toEqual(expect.arrayContaining(["'self'", 'http://localhost:8000']));
      expect(header(res, 'x-content-type-options')).toBe('nosniff');
      expect(header(res, 'x-frame-options')).toBe('DENY');
      expect(header(res, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
    } finally {
      await web.close();
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('caching of personal data', () => {
  it('every signed-in GET, and a refused one, says no-store', async () => {
    const u = await t.signUp();
    const receipt = await t.request(u, { method: 'POST', url: '/receipts', payload: { store: 'Cache', date: '2026-01-02', amount: 3 } });
    const gets = SECURED_ROUTES.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThanOrEqual(10);
    for (const route of gets) {
      const url = route.url.replace(':id', receipt.json().id) + (route.query ? `?${route.query}` : '');
      const res = await t.request(u, { method: 'GET', url, headers: route.headers });
      // A draft's, an import's and a household's routes, given a receipt's id (or none), find nothing, nor does an
      // invitation's preview given a token no invitation has: the refusal is personal too.
      const findsNothing =
        route.url.startsWith('/receipts/drafts/:id') ||
        route.url.startsWith('/api/import/commit/:') ||
        route.url.startsWith('/api/households/:id') ||
        route.url === '/api/households/invitations/preview';
      expect([route.url, res.statusCode]).toEqual([route.url, findsNothing ? 404 : 200]);
      expect([route.url, header(res, 'cache-control')]).toEqual([route.url, 'no-store']);
    }
    const refused = await t.app.inject({ method: 'GET', url: '/receipts' });
    expect(refused.statusCode).toBe(401);
    expect(header(refused, 'cache-control')).toBe('no-store');
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/receipts',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });

  it('allows the configured web origin', async () => {
    const res = await preflight('http://localhost:8080');
    expect(res.statusCode).toBeLessThan(300);
    expect(header(res, 'access-control-allow-origin')).toBe('http://localhost:8080');
    expect(header(res, 'access-control-allow-headers').toLowerCase()).toContain('authorization');
  });

  it('lets the web app send an invitation token in its header (kept out of addresses)', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/households/invitations/preview',
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'GET',
        'access-control-request-headers': `authorization,${INVITATION_TOKEN_HEADER}`,
      },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(header(res, 'access-control-allow-headers').toLowerCase().split(/,\s*/)).toContain(INVITATION_TOKEN_HEADER);
  });

  it.each(['http://evil.example', 'http://localhost:8081', 'null', 'http://localhost:8080.evil.example'])('gives %s no allow-origin', async (origin) => {
    const res = await preflight(origin);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.request(user, { method: 'GET', url: '/receipts', headers: { origin } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('body size limits', () => {
  const post = (url: string, bytes: number) =>
    t.request(user, {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ store: 'x'.repeat(bytes), date: '2026-01-02', amount: 1 }),
    });

  it.each(['/categories', '/dashboard/budget', '/api/auth/register'])('%s takes 64 KB at most', async (url) => {
    const res = await post(url, 65 * 1024);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'The request body is too large' });
  });

  it('receipts take an image-sized body (up to 12 MB) and no more', async () => {
    const ok = await post('/receipts', 1024 * 1024);
    expect(ok.statusCode).toBe(400); // read and validated: too long a store, not too large a body
    expect(ok.json().message).toBe('store must be at most 200 characters');
    const big = await post('/receipts', 12 * 1024 * 1024 + 10);
    expect(big.statusCode).toBe(413);
    expect(isErrorBody(413, big.json())).toBe(true);
  });

  it('a scan larger than its limit is an image that is too large', async () => {
    const res = await t.request(user, {
      method: 'POST',
      url: '/scan/receipt-base64',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ image_data: 'A'.repeat(12 * 1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/i);
  });
});

describe('rate limits', () => {
  it.each(['/api/auth/register', '/profile/'])(`POST %s: ${SIGN_UP_RATE_LIMIT_PER_MINUTE} a minute per address and user`, async (url) => {
    const [u, other] = await Promise.all([t.signUp({ register: false }), t.signUp({ register: false })]);
    const body = (x: TestUser) => ({ user_id: x.uid, email: x.email, display_name: 'Rate Limited' });
    for (let i = 0; i < SIGN_UP_RATE_LIMIT_PER_MINUTE; i++) {
      expect((await t.request(u, { method: 'POST', url, payload: body(u) })).statusCode).toBeLessThan(300);
    }
    const limited = await t.request(u, { method: 'POST', url, payload: body(u) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many sign-up attempts\. Please wait .+ and try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another user (own key) is not affected.
    expect((await t.request(other, { method: 'POST', url, payload: body(other) })).statusCode).toBe(201);
  });

  it('the scan limiter still counts scans per user', async () => {
    const u = await t.signUp();
    const scan = () => t.request(u, { method: 'POST', url: '/scan/receipt-base64', payload: { image_data: 'not an image' } });
    for (let i = 0; i < SCAN_RATE_LIMIT_PER_MINUTE; i++) expect((await scan()).statusCode).toBe(400);
    const limited = await scan();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many scans/);
  });
});

describe('production guard', () => {
  const prod = { NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', DATA_DIR: os.tmpdir(), BLOB_URL_SECRET: 'x'.repeat(64) };

  it('loadConfig refuses production mode with the auth emulator configured', () => {
    expect(() => loadConfig(prod)).toThrow(/Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set in production mode/);
    expect(loadConfig({ ...prod, FIREBASE_AUTH_EMULATOR_HOST: '' }).env).toBe('production');
  });

  it.each(['PRODUCTION', 'prod', 'Production', 'staging', ' production ', '', undefined])('refuses NODE_ENV %p with the emulator configured', (value) => {
    expect(() => loadConfig({ ...prod, NODE_ENV: value })).toThrow(/Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set in production mode/);
  });

  it.each(['development', 'test'])('allows the emulator with NODE_ENV=%s', (value) => {
    expect(loadConfig({ ...prod, NODE_ENV: value }).env).toBe(value);
  });

  it('buildApp refuses a hand-made production config that names the emulator', async () => {
    const config = { ...testConfig(), env: 'production' as const };
    await expect(buildApp(config, { db: t.db })).rejects.toThrow(/Refusing to start/);
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });
});
