import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp, type TestUser } from '../helpers';

/**
 * Authentication remembers the last token each connection sent (plugins/auth.ts). Over a real
 * keep-alive connection: people taking turns on it each stay themselves, a bad or missing token is
 * refused in between, and a deleted account is signed out at once on the connection it used.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

interface Answer {
  status: number;
  body: string;
  reusedSocket: boolean;
}

/** One connection, kept alive, every request of a test over it. */
function connection() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, token: string | null, body?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
      // Node sends a DELETE body without a length unless told it.
      if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
      const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, reusedSocket: req.reusedSocket }));
      });
      req.once('error', reject);
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

const stores = (a: Answer) => (JSON.parse(a.body) as { store: string }[]).map((r) => r.store);

describe('one keep-alive connection', () => {
  it('serves each person who takes a turn on it as themselves', async () => {
    const [a, b]: TestUser[] = [await t.signUp(), await t.signUp()];
    await t.request(a, { method: 'POST', url: '/receipts', payload: { store: 'Only A', date: '2026-01-07', amount: 1 } });
    const c = connection();
    try {
      const answers = [
        await c.send('GET', '/receipts', a.token),
        await c.send('GET', '/receipts', b.token),
        await c.send('GET', '/receipts', a.token),
        await c.send('GET', '/receipts', null),
        await c.send('GET', '/receipts', `${a.token}x`),
        await c.send('GET', '/receipts', a.token),
      ];
      expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 401, 401, 200]);
      expect(answers.slice(1).every((x) => x.reusedSocket)).toBe(true);
      expect([stores(answers[0]), stores(answers[1]), stores(answers[2]), stores(answers[5])]).toEqual([['Only A'], [], ['Only A'], ['Only A']]);
    } finally {
      c.close();
    }
  });

  it('refuses a deleted account at once, even on the connection that deleted it', async () => {
    const u = await t.signUp();
    const c = connection();
    try {
      expect((await c.send('GET', '/receipts', u.token)).status).toBe(200);
      const deleted = await c.send('DELETE', '/api/account', u.token, { confirm: u.email });
      expect([deleted.status, deleted.body]).toEqual([204, '']);
      const after = await c.send('GET', '/receipts', u.token);
      expect([after.status, after.reusedSocket]).toEqual([401, true]);
    } finally {
      c.close();
    }
  });
});
