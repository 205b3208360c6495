import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { todayUtc } from '../receipts/fixtures';

/**
 * A change of home currency while the person's receipts are being saved (finding 3 of issue 49):
 * on PostgreSQL, where writes run side by side, a save that read the old home currency must not
 * commit after the change counted everything again. Every receipt ends up counted in the new
 * home currency: saved before, it is converted at the rate typed for the switch; after, it is in
 * the new currency. On the embedded database the transactions run one at a time.
 */
jest.setTimeout(180_000);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: '0', READ_RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t?.close());

const WRITERS = 8;
const EACH = 20;
const ROUNDS = 5;

async function raceOnce(user: TestUser): Promise<void> {
  let saved = 0;
  let change: Promise<{ statusCode: number; body: string }> | undefined;
  const writer = async (w: number) => {
    for (let i = 0; i < EACH; i++) {
      const res = await t.request(user, { method: 'POST', url: '/receipts', payload: { store: `Shop ${w}-${i}`, date: todayUtc(), amount: 10 } });
      if (res.statusCode !== 201) throw new Error(`save: ${res.statusCode} ${res.body}`);
      // The change goes in once a quarter of the saves are in, while the rest keep coming.
      if (++saved === (WRITERS * EACH) / 4) {
        change = t.request(user, { method: 'PUT', url: '/api/settings', payload: { home_currency: 'EUR', home_currency_rate: 0.9 } });
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  const changed = await change!;
  expect(changed.statusCode).toBe(200);

  const rows = await t.db.db.selectFrom('receipts').select(['currency', 'rate', 'amount_cents', 'printed_minor']).where('user_id', '=', user.uid).execute();
  expect(rows).toHaveLength(WRITERS * EACH);
  const counted = rows.map((r) => `${r.currency} ${r.rate === null ? 'null' : Number(r.rate)} ${r.amount_cents}`);
  // Saved before the change: USD at the switch rate, 9 EUR; after: EUR, 10 EUR. Never USD counted 1:1.
  expect(counted.filter((c) => c !== 'USD 0.9 900' && c !== 'EUR null 1000')).toEqual([]);
  expect(counted).toContain('USD 0.9 900');
  expect(counted).toContain('EUR null 1000');
  // The totals follow the rows.
  const spent = rows.reduce((sum, r) => sum + r.amount_cents, 0) / 100;
  const dashboard = await t.request(user, { method: 'GET', url: '/dashboard' });
  expect(dashboard.json().total_spent).toBeCloseTo(spent, 2);
}

describe('changing the home currency while receipts are saved', () => {
  it(`counts every receipt in the new home currency (${WRITERS} writers, ${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) await raceOnce(await t.signUp());
  });
});
