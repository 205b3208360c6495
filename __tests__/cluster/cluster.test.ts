import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server';
import { startCluster, type ApiInstance, type Cluster } from '../../scripts/cluster';
import { openScratchDatabase } from '../../scripts/scratchDatabase';
import { TEST_API_KEY, TEST_EMULATOR_HOST, TEST_PROJECT_ID, emulatorSignUp, uniqueEmail } from '../../scripts/testEmulator';
import { multipartBody, photo } from '../server/modules/avatar/upload';
import { multipartOf } from '../server/modules/drafts/uploads';
import { receiptPng } from '../server/modules/scan/receiptImage';
import { SIGN_UP_RATE_LIMIT_PER_MINUTE } from '../../src/server/plugins/security';
import type { Draft } from '../../src/shared/drafts';

/**
 * Two API instances and a scan worker, compiled, on one PostgreSQL and one Redis behind HAProxy
 * (scripts/cluster.ts, deploy/haproxy.cfg): what one instance accepts, the other serves.
 * scripts/test-cluster.sh provides DATABASE_URL, TEST_REDIS_URL and HAPROXY.
 */
jest.setTimeout(300_000);

const root = path.resolve(__dirname, '../..');
const need = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the cluster test with npm run test:cluster (scripts/test-cluster.sh)`);
  return value;
};

const buildDir = path.join(root, '.cache', `cluster-test-${crypto.randomBytes(4).toString('hex')}`);
let cluster: Cluster;
let dropDatabase: () => Promise<void>;
let api1: ApiInstance;
let api2: ApiInstance;

beforeAll(async () => {
  const webDir = path.join(root, 'dist', 'public');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error('No web build in dist/public: run npm run build first');
  await buildServer(path.join(buildDir, 'server'));
  const db = await openScratchDatabase(need('DATABASE_URL'), 'tally_cluster');
  await db.handle.close(); // the instances migrate it themselves, together
  dropDatabase = db.drop;
  cluster = await startCluster({
    serverDir: path.join(buildDir, 'server'),
    webDir,
    databaseUrl: db.url!,
    redisUrl: need('TEST_REDIS_URL'),
    emulatorHost: TEST_EMULATOR_HOST,
    projectId: TEST_PROJECT_ID,
    apiKey: TEST_API_KEY,
    haproxy: need('HAPROXY'),
    instances: 2,
    workers: 1,
    // The streams of writes and reads below are many per person; sign-up keeps its own (lower) limit.
    env: { WRITE_RATE_LIMIT_PER_MINUTE: '1000', READ_RATE_LIMIT_PER_MINUTE: '5000' },
  });
  [api1, api2] = cluster.instances;
});
afterAll(async () => {
  await cluster?.stop();
  await dropDatabase?.();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

interface Person {
  uid: string;
  email: string;
  token: string;
}

async function call(base: string, who: Person | null, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(body !== undefined && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, headers: res.headers };
}

async function person(): Promise<Person> {
  const email = uniqueEmail('cluster');
  const { uid, token } = await emulatorSignUp(email, 'secret-pass-1', 'Cluster Person');
  return { uid, email, token };
}

async function register(base: string, who: Person) {
  return call(base, who, 'POST', '/api/auth/register', { user_id: who.uid, email: who.email, display_name: 'Cluster Person' });
}

describe('two API instances, one worker, behind HAProxy', () => {
  it('serves the web app through the balancer, pointing the browser at the balanced API', async () => {
    const page = await fetch(`${cluster.webUrl}/receipts/review`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="?root"?>/);
    expect(await (await fetch(`${cluster.webUrl}/config.json`)).json()).toMatchObject({ apiUrl: cluster.apiUrl });
    expect(await cluster.apiStates()).toEqual({ api1: 'UP', api2: 'UP' });
  });

  it('registers on one instance and reads the profile on the other, and through the balancer', async () => {
    const me = await person();
    expect((await register(api1.apiUrl, me)).status).toBe(201);
    for (const base of [api2.apiUrl, cluster.apiUrl]) {
      const profile = await call(base, me, 'GET', '/api/profile/');
      expect(profile.status).toBe(200);
      expect(profile.json).toMatchObject({ user_id: me.uid, email: me.email, display_name: 'Cluster Person' });
    }
  });

  it('takes an avatar through one instance and serves it from the other', async () => {
    const me = await person();
    await register(cluster.apiUrl, me);
    const form = multipartBody(await photo('png'), { filename: 'me.png' });
    const uploaded = await call(api1.apiUrl, me, 'POST', '/profile/avatar', form.payload, form.headers);
    expect(uploaded.status).toBe(200);
    const avatar: string = uploaded.json.avatar;
    expect(avatar).toMatch(/^static\/avatars\//);
    for (const base of [api2.apiUrl, cluster.apiUrl]) {
      const image = await fetch(`${base}/${avatar}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('takes drafts through one instance, has the worker read them, and saves one through the other', async () => {
    const me = await person();
    await register(api1.apiUrl, me);
    const shop = await receiptPng([['GREEN GROCER'], ['Date: 03/04/2025'], ['Avocado', '12.40'], ['TOTAL', '12.40'], ['CASH', '50.00']]);
    const form = await multipartOf([{ name: 'grocer.png', bytes: shop, type: 'image/png' }]);
    const upload = await call(api1.apiUrl, me, 'POST', '/receipts/drafts', form.payload, form.headers);
    expect(upload.status).toBe(202);

    // The instances read nothing themselves (CLUSTER=true): only the worker can make it ready.
    let drafts: Draft[] = [];
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
      drafts = (await call(api2.apiUrl, me, 'GET', '/receipts/drafts')).json;
      if (drafts.every((d) => d.status === 'ready' || d.status === 'failed')) break;
    }
    expect(drafts.map((d) => d.status)).toEqual(['ready']);
    expect(drafts[0].processed_data?.total_amount).toBe(12.4);

    const saved = await call(api2.apiUrl, me, 'POST', '/receipts', {
      store_name: 'Green Grocer',
      date: '2025-03-04',
      total_amount: 12.4,
      draft_id: drafts[0]._id,
    });
    expect(saved.status).toBe(201);
    // A link signed by one instance opens on the other: one secret, one image store.
    const link = new URL(saved.json.imageUrl);
    expect(link.origin).toBe(cluster.apiUrl);
    const image = await fetch(`${api1.apiUrl}${link.pathname}${link.search}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await call(api1.apiUrl, me, 'GET', '/receipts/drafts')).json).toEqual([]);
  });

  it('counts a rate limit across both instances', async () => {
    const me = await person();
    const statuses: number[] = [];
    for (let n = 0; n <= SIGN_UP_RATE_LIMIT_PER_MINUTE; n++) statuses.push((await register(n % 2 ? api2.apiUrl : api1.apiUrl, me)).status);
    // Each instance saw about half: only a shared count refuses the last one.
    expect(statuses.slice(0, SIGN_UP_RATE_LIMIT_PER_MINUTE).every((s) => s === 200 || s === 201)).toBe(true);
    expect(statuses[SIGN_UP_RATE_LIMIT_PER_MINUTE]).toBe(429);
    const through = await register(cluster.apiUrl, me);
    expect(through.status).toBe(429);
    expect(through.json.message).toMatch(/^Too many sign-up attempts/);
  });

  /**
   * Writers and readers through the balancer while `disrupt` runs; answers every outcome. Each
   * receipt acknowledged (201) is checked afterwards: nothing accepted may be lost. `failures`
   * holds each request that did not succeed: when it was sent and what came back; `states`, each
   * change in what the balancer says of the instances meanwhile, so that a failure can be explained.
   */
  async function streamDuring(disrupt: () => Promise<void>, writers = 6) {
    const people = await Promise.all(Array.from({ length: writers }, person));
    await Promise.all(people.map((p) => register(cluster.apiUrl, p)));
    const outcomes: (number | 'network')[] = [];
    const failures: { sentAt: number; what: string }[] = [];
    const acknowledged = new Map<string, string[]>(people.map((p) => [p.uid, []]));
    let stop = false;
    const writer = async (p: Person) => {
      for (let n = 0; !stop; n++) {
        const write = n % 2 === 0;
        const sentAt = Date.now();
        try {
          const res = write
            ? await call(cluster.apiUrl, p, 'POST', '/receipts', { store: `Stream ${n}`, date: '2025-03-04', amount: 1 + n })
            : await call(cluster.apiUrl, p, 'GET', '/dashboard');
          outcomes.push(res.status);
          if (res.status !== 200 && res.status !== 201) failures.push({ sentAt, what: `${write ? 'POST' : 'GET'} ${res.status} ${JSON.stringify(res.json)}` });
          if (write && res.status === 201) acknowledged.get(p.uid)!.push(res.json.id);
        } catch (err) {
          outcomes.push('network');
          failures.push({ sentAt, what: `${write ? 'POST' : 'GET'} ${String((err as Error).cause ?? err)}` });
        }
      }
    };
    const running = people.map(writer);
    const states: { at: number; states: string }[] = [];
    const watching = (async () => {
      while (!stop) {
        // Only an explanation: a statistics page slow to answer is noted, never a failure of its own.
        const now = await cluster.apiStates().then(JSON.stringify, (err: Error) => `statistics unread: ${err.message}`);
        if (now !== states.at(-1)?.states) states.push({ at: Date.now(), states: now });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await new Promise((r) => setTimeout(r, 1500));
    await disrupt();
    await new Promise((r) => setTimeout(r, 3000));
    stop = true;
    await Promise.all([...running, watching]);
    for (const p of people) {
      const list = await call(cluster.apiUrl, p, 'GET', '/receipts?limit=500');
      expect(list.status).toBe(200);
      const stored = new Set(list.json.map((r: { id: string }) => r.id));
      expect(acknowledged.get(p.uid)!.filter((id) => !stored.has(id))).toEqual([]);
    }
    return { outcomes, failures, states };
  }

  it('loses no request when an instance is stopped (it drains first), and takes it back when it returns', async () => {
    const { outcomes, failures } = await streamDuring(async () => {
      const exit = api2.stop('SIGTERM');
      await cluster.waitForState('api2', 'DOWN');
      expect(await exit).toBe(0);
    });
    expect(outcomes.length).toBeGreaterThan(50);
    expect(failures.map((f) => f.what)).toEqual([]);
    await api2.start();
    await cluster.waitForState('api2', 'UP');
  });

  it('loses no request beyond those in flight when an instance is killed, and takes it back when it returns', async () => {
    let markedDownAt = 0;
    const { outcomes, failures, states } = await streamDuring(async () => {
      await api1.stop('SIGKILL');
      await cluster.waitForState('api1', 'DOWN');
      markedDownAt = Date.now();
    });
    const failed = outcomes.filter((o) => o !== 200 && o !== 201);
    expect(outcomes.length).toBeGreaterThan(50);
    // Only requests already on their way to the killed instance fail (those it held, and on a
    // busy machine those the kernel queued for it as it died); once the balancer has marked it
    // down, every request succeeds.
    // A late failure is shown with when it was sent and what the balancer said, both counted from
    // when it marked the instance down.
    const since = (t: number) => `${t - markedDownAt} ms`;
    const balancer = states.map((s) => `${since(s.at)}: ${s.states}`).join(', ');
    expect(failures.filter((f) => f.sentAt >= markedDownAt).map((f) => `sent at ${since(f.sentAt)}: ${f.what} (balancer: ${balancer})`)).toEqual([]);
    for (const f of failed) expect([502, 503, 'network']).toContain(f);
    await api1.start();
    await cluster.waitForState('api1', 'UP');
    expect((await fetch(`${api1.apiUrl}/healthz`)).status).toBe(200);
  });
});
