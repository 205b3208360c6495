import { startTestApp, testNow, type TestApp, type TestUser } from '../../helpers';
import { addDays, addMonths } from '../../../../src/shared/calendar';
import { EARLIEST_RECEIPT_DATE, latestReceiptDate } from '../../../../src/server/modules/receipts/input';
import { PNG_BYTES } from './fixtures';
import { uploadDrafts } from '../drafts/uploads';

/**
 * One range of dates for every way a receipt comes in (finding 4 of issue 49): the form, the
 * scan, a draft saved from the review queue and an edit take its first and last day and refuse
 * the days just outside it with the same words; the same-receipt lookups and the recurring bills
 * work at both edges. Through the real API, database and auth emulator.
 */
let t: TestApp;
beforeAll(async () => {
  // Drafts are saved by hand here: nothing reads them.
  t = await startTestApp({ SCAN_WORKERS: '0', WRITE_RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t?.close());

const latest = latestReceiptDate(testNow());
const refusal = `date must be between ${EARLIEST_RECEIPT_DATE} and ${latest}`;
const edges = [EARLIEST_RECEIPT_DATE, latest];
const outside = [addDays(EARLIEST_RECEIPT_DATE, -1), addDays(latest, 1)];

/** A draft of the person's (a photo nobody reads), to save with a date. */
async function draftOf(user: TestUser): Promise<string> {
  const res = await uploadDrafts(t, user, [{ name: 'r.png', bytes: PNG_BYTES, type: 'image/png' }]);
  expect(res.statusCode).toBe(202);
  return res.json()[0]._id;
}

const ways: Array<[string, (user: TestUser, date: string) => Promise<{ statusCode: number; json: () => any }>]> = [
  ['the form', (user, date) => t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Kiosk', date, amount: 3 } })],
  [
    'a scan',
    (user, date) =>
      t.request(user, { method: 'POST', url: '/receipts', payload: { store_name: 'Kiosk', date: `${date}T10:30:00`, total_amount: 3, items: [] } }),
  ],
  [
    'a draft saved',
    async (user, date) =>
      t.request(user, { method: 'POST', url: '/receipts', payload: { store_name: 'Kiosk', date, total_amount: 3, items: [], draft_id: await draftOf(user) } }),
  ],
  [
    'an edit',
    async (user, date) => {
      const saved = await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Kiosk', date: addDays(latest, -400), amount: 3 } });
      return t.request(user, { method: 'PUT', url: `/receipts/${saved.json().id}`, payload: { store: 'Kiosk', date, amount: 3 } });
    },
  ],
];

const datesOf = async (user: TestUser) =>
  (
    await t.db.db
      .selectFrom('receipts')
      .select((eb) => eb.cast<string>('date', 'text').as('date'))
      .where('user_id', '=', user.uid)
      .execute()
  )
    .map((r) => r.date)
    .sort();

describe.each(ways)('%s', (_, send) => {
  it('takes the first and last day of the range', async () => {
    const user = await t.signUp();
    for (const date of edges) expect((await send(user, date)).statusCode).toBeLessThan(300);
    expect(await datesOf(user)).toEqual(edges);
  });

  it('refuses the day before and the day after it with the same words, and keeps nothing of them', async () => {
    const user = await t.signUp();
    for (const date of outside) {
      const res = await send(user, date);
      expect([res.statusCode, res.json().message]).toEqual([400, refusal]);
    }
    // An edit leaves the receipt it started from as it was.
    expect((await datesOf(user)).filter((d) => outside.includes(d))).toEqual([]);
  });
});

describe('at the edges of the range', () => {
  it('finds the same receipt a day apart, within the range, and refuses a lookup outside it', async () => {
    const user = await t.signUp();
    for (const date of [addDays(EARLIEST_RECEIPT_DATE, 1), addDays(latest, -1)]) {
      await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Kiosk', date, amount: 3 } });
    }
    const match = (date: string) => t.request(user, { method: 'GET', url: '/receipts/match', query: { store: 'Kiosk', date, amount: '3' } });
    for (const [date, found] of [
      [EARLIEST_RECEIPT_DATE, addDays(EARLIEST_RECEIPT_DATE, 1)],
      [latest, addDays(latest, -1)],
    ]) {
      const res = await match(date);
      expect([res.statusCode, res.json().match?.date]).toEqual([200, found]);
    }
    for (const date of outside) expect([(await match(date)).statusCode, (await match(date)).json().message]).toEqual([400, refusal]);
    const draft = await draftOf(user);
    const draftMatch = await t.request(user, { method: 'GET', url: `/receipts/drafts/${draft}/match`, query: { store: 'Kiosk', date: latest, amount: '3' } });
    expect([draftMatch.statusCode, draftMatch.json().match?.date]).toEqual([200, addDays(latest, -1)]);
    expect((await t.request(user, { method: 'GET', url: '/receipts/drafts' })).statusCode).toBe(200);
  });

  it.each([
    ['first', EARLIEST_RECEIPT_DATE, 1],
    ['last', latest, -1],
  ])('finds a monthly bill whose receipts start or end on the range’s %s day', async (_, edge, step) => {
    const user = await t.signUp();
    for (const k of [0, 1, 2, 3]) {
      const res = await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Water Co', date: addMonths(edge, step * k), amount: 42 } });
      expect(res.statusCode).toBe(201);
    }
    const bills = await t.request(user, { method: 'GET', url: '/recurring' });
    expect(bills.statusCode).toBe(200);
    expect(bills.json().map((s: { store: string; interval: string }) => [s.store, s.interval])).toEqual([['Water Co', 'monthly']]);
    // Counted in another home currency from the first day on, as every change of it is.
    const changed = await t.request(user, { method: 'PUT', url: '/api/settings', payload: { home_currency: 'EUR', home_currency_rate: 0.9 } });
    expect(changed.statusCode).toBe(200);
    expect((await t.request(user, { method: 'GET', url: '/dashboard' })).statusCode).toBe(200);
  });
});
