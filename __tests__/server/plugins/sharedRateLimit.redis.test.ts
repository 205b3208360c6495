import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { startTestApp, type TestApp, type TestUser } from '../helpers';
import { todayUtc } from '../modules/receipts/fixtures';

/**
 * Rate limits counted in Redis (REDIS_URL, from scripts/ensure-redis.sh): two API instances on
 * one database share each person's count, as a cluster's instances behind a balancer do.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) throw new Error('TEST_REDIS_URL is not set: scripts/test.sh sets it from scripts/ensure-redis.sh');
const WRITE_LIMIT = 6;

let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp({ REDIS_URL, WRITE_RATE_LIMIT_PER_MINUTE: String(WRITE_LIMIT) });
  second = await buildApp(t.config, { db: t.db });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const save = (app: FastifyInstance, user: TestUser, n: number) =>
  app.inject({
    method: 'POST',
    url: '/receipts',
    headers: { authorization: `Bearer ${user.token}` },
    payload: { store: `Shop ${n}`, date: todayUtc(), amount: 1 + n },
  });

describe('rate limits shared through Redis', () => {
  it("counts one person's writes on both instances together, and no one else's", async () => {
    const user = await t.signUp(); // registering is a write too
    const statuses: number[] = [];
    for (let n = 0; n < WRITE_LIMIT; n++) statuses.push((await save(n % 2 ? second : t.app, user, n)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await save(second, user, 99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many changes in a short time/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const other = await t.signUp();
    expect((await save(second, other, 1)).statusCode).toBe(201);
  });

  it('lets requests through, and never answers 500, while Redis cannot be reached', async () => {
    const lost = await buildApp({ ...t.config, redisUrl: 'redis://127.0.0.1:1' }, { db: t.db });
    await lost.ready();
    try {
      const user = await t.signUp();
      const statuses: number[] = [];
      for (let n = 0; n < 3; n++) statuses.push((await save(lost, user, n)).statusCode);
      expect(statuses).toEqual([201, 201, 201]);
    } finally {
      await lost.close();
    }
  });
});
