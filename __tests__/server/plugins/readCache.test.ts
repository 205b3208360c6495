import { startTestApp, type TestApp, type TestUser } from '../helpers';
import { READ_CACHE_TTL_MS } from '../../../src/server/plugins/readCache';

/** The read cache as it runs for real on PGlite (the other API tests turn it off). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ READ_CACHE_TTL_MS: String(READ_CACHE_TTL_MS) }, { pglite: true });
});
afterAll(() => t?.close());

const setBudgetBehindTheApi = (user: TestUser, cents: number) =>
  t.db.db.updateTable('profiles').set({ monthly_budget_cents: cents }).where('user_id', '=', user.uid).execute();
const budget = async (user: TestUser) => (await t.request(user, { method: 'GET', url: '/dashboard' })).json().budget;

describe('the read cache (embedded database)', () => {
  it('answers a repeated read from memory, with the same body and headers', async () => {
    const user = await t.signUp();
    await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Bakery', date: '2026-01-05', amount: 4.5 } });
    const first = await t.request(user, { method: 'GET', url: '/receipts' });
    expect(await budget(user)).toBeNull();
    await setBudgetBehindTheApi(user, 12_300);
    // Changed behind the API's back: the cached answer still stands (proof it is cached) ...
    expect(await budget(user)).toBeNull();
    const again = await t.request(user, { method: 'GET', url: '/receipts' });
    expect(again.body).toBe(first.body);
    expect(again.headers['x-total-count']).toBe('1');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.headers['content-security-policy']).toBeDefined();
  });

  it('lets a person read their own write at once', async () => {
    const user = await t.signUp();
    expect((await t.request(user, { method: 'GET', url: '/receipts' })).json()).toEqual([]);
    expect(await budget(user)).toBeNull();
    const created = await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Cafe', date: '2026-01-06', amount: 3 } });
    expect(created.statusCode).toBe(201);
    const list = await t.request(user, { method: 'GET', url: '/receipts' });
    expect(list.json().map((r: { store: string }) => r.store)).toEqual(['Cafe']);
    expect(list.headers['x-total-count']).toBe('1');
    await t.request(user, { method: 'POST', url: '/dashboard/budget', payload: { amount: 50 } });
    expect(await budget(user)).toBe(50);
  });

  it('keeps users apart and never caches a failure', async () => {
    const [a, b] = [await t.signUp(), await t.signUp()];
    await t.request(a, { method: 'POST', url: '/receipts', payload: { store: 'Only A', date: '2026-01-07', amount: 1 } });
    expect((await t.request(a, { method: 'GET', url: '/receipts' })).json()).toHaveLength(1);
    expect((await t.request(b, { method: 'GET', url: '/receipts' })).json()).toEqual([]);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.request(a, { method: 'GET', url: `/receipts/${missing}` })).statusCode).toBe(404);
    expect((await t.request(null, { method: 'GET', url: '/receipts' })).statusCode).toBe(401);
  });

  it(`forgets an answer after ${READ_CACHE_TTL_MS / 1000} s`, async () => {
    const user = await t.signUp();
    expect(await budget(user)).toBeNull();
    await setBudgetBehindTheApi(user, 4_200);
    expect(await budget(user)).toBeNull();
    await new Promise((r) => setTimeout(r, READ_CACHE_TTL_MS + 100));
    expect(await budget(user)).toBe(42);
  }, 20_000);
});
