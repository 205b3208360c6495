import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { dataUrl, PNG_BYTES, UNKNOWN_ID } from '../receipts/fixtures';
import { remindDueReturns } from '../../../../src/server/modules/notifications/triggers';
import type { Receipt } from '../../../../src/shared/receipts';
import type { WarrantyList } from '../../../../src/shared/warranties';

// A fixed day (a Friday): the return windows and warranties are counted from it.
const FIXED = '2026-03-20T12:00:00Z';
const DAY = '2026-03-14';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ FIXED_TIME: FIXED });
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function ok<T>(user: TestUser, method: Method, url: string, payload?: object): Promise<T> {
  const res = await t.request(user, { method, url, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}

/** The status and message of a refused request. */
async function refused(user: TestUser, method: Method, url: string, payload: object): Promise<[number, string]> {
  const res = await t.request(user, { method, url, payload });
  return [res.statusCode, (res.json() as { message: string }).message];
}

const headphones = {
  store: 'Best Buy',
  date: DAY,
  amount: 109,
  return_by: '2026-04-13',
  warranty_until: '2028-03-14',
  items: [
    { name: 'Headphones', price: 89, return_by: '2026-04-13', warranty_until: '2027-03-14' },
    { name: 'Cable', price: 20 },
  ],
};

const reminders = async (app: TestApp, user: TestUser) =>
  ((await app.request(user, { method: 'GET', url: '/notifications' })).json() as Array<{ title: string; message: string; link: string }>).filter(
    (n) => n.title === 'Return window closing',
  );

describe('return windows and warranties on receipts and items', () => {
  it('saves, keeps on an edit that leaves them out, and clears with null, on both save shapes', async () => {
    const user = await t.signUp();
    const created = await ok<Receipt>(user, 'POST', '/receipts', headphones);
    expect(created).toMatchObject({ return_by: '2026-04-13', warranty_until: '2028-03-14' });
    expect(created.items).toEqual([
      { name: 'Headphones', price: 89, quantity: 1, return_by: '2026-04-13', warranty_until: '2027-03-14' },
      { name: 'Cable', price: 20, quantity: 1 },
    ]);

    const { return_by: _r, warranty_until: _w, ...withoutDates } = headphones;
    const kept = await ok<Receipt>(user, 'PUT', `/receipts/${created.id}`, { ...withoutDates, description: 'Gift' });
    expect(kept).toMatchObject({ description: 'Gift', return_by: '2026-04-13', warranty_until: '2028-03-14' });

    const cleared = await ok<Receipt>(user, 'PUT', `/receipts/${created.id}`, { ...withoutDates, return_by: null, items: [{ name: 'Headphones', price: 89 }] });
    expect(cleared).not.toHaveProperty('return_by');
    expect(cleared.warranty_until).toBe('2028-03-14');
    expect(cleared.items).toEqual([{ name: 'Headphones', price: 89, quantity: 1 }]);
    expect(await ok<Receipt>(user, 'GET', `/receipts/${created.id}`)).toEqual(cleared);

    const scanned = await ok<Receipt>(user, 'POST', '/receipts', {
      store_name: 'Camera Shop',
      date: `${DAY}T10:00:00Z`,
      total_amount: 300,
      warranty_until: '2029-03-14',
      items: [{ name: 'Camera', price: 300, quantity: 1, category: 'food', return_by: '2026-03-28' }],
    });
    expect(scanned.warranty_until).toBe('2029-03-14');
    expect(scanned).not.toHaveProperty('return_by');
    expect(scanned.items[0]).toMatchObject({ name: 'Camera', return_by: '2026-03-28' });
  });

  it('answers a person who uses none of it as before: no return or warranty keys', async () => {
    const user = await t.signUp();
    const plain = await ok<Receipt>(user, 'POST', '/receipts', { store: 'Corner Shop', date: DAY, amount: 5, items: [{ name: 'Milk', price: 5 }] });
    for (const answer of [plain, (await ok<Receipt[]>(user, 'GET', '/receipts'))[0]]) {
      expect(answer).not.toHaveProperty('return_by');
      expect(answer).not.toHaveProperty('warranty_until');
      expect(Object.keys(answer.items[0]).sort()).toEqual(['name', 'price', 'quantity']);
    }
  });

  it('refuses dates that are not after the receipt, too far ahead or not dates, and changes nothing', async () => {
    const user = await t.signUp();
    const cases: Array<[object, string]> = [
      [{ return_by: DAY }, "return_by must be after the receipt's date (2026-03-14)"],
      [{ warranty_until: '2026-03-01' }, "warranty_until must be after the receipt's date (2026-03-14)"],
      [{ warranty_until: '2036-03-21' }, 'warranty_until must be on or before 2036-03-20 (at most 10 years ahead)'],
      [{ return_by: '2027-03-22' }, 'return_by must be on or before 2027-03-21, the latest date a receipt may carry'],
      [{ return_by: 'next week' }, 'return_by must be a date written YYYY-MM-DD, such as 2026-03-14'],
      [{ warranty_until: '2027-02-30' }, 'warranty_until is not a real calendar date: 2027-02-30'],
      [{ items: [{ name: 'Kettle', price: 30, return_by: '2026-03-10' }] }, "items.0.return_by must be after the receipt's date (2026-03-14)"],
    ];
    for (const [fields, message] of cases) {
      expect(await refused(user, 'POST', '/receipts', { store: 'Shop', date: DAY, amount: 30, ...fields })).toEqual([400, message]);
    }
    expect(await ok<Receipt[]>(user, 'GET', '/receipts')).toEqual([]);

    // An edit that moves the date past a kept return window says so, and keeps the receipt as it was.
    const saved = await ok<Receipt>(user, 'POST', '/receipts', { store: 'Shop', date: DAY, amount: 30, return_by: '2026-03-28' });
    expect(await refused(user, 'PUT', `/receipts/${saved.id}`, { store: 'Shop', date: '2026-03-28', amount: 30 })).toEqual([
      400,
      "return_by (2026-03-28) must be after the receipt's date (2026-03-28): change or clear it",
    ]);
    expect(await ok<Receipt>(user, 'GET', `/receipts/${saved.id}`)).toEqual(saved);
  });
});

describe('GET /api/warranties', () => {
  it("lists what can still be returned and what is under warranty, the furthest first, with the receipt's original", async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const tv = await ok<Receipt>(user, 'POST', '/receipts', { ...headphones, imageData: dataUrl(PNG_BYTES) });
    const old = await ok<Receipt>(user, 'POST', '/receipts', {
      store: 'Shoe Shop',
      date: '2025-01-10',
      amount: 60,
      return_by: '2025-02-10',
      warranty_until: '2026-03-19',
    });
    await ok<Receipt>(other, 'POST', '/receipts', { store: 'Not Mine', date: DAY, amount: 1, return_by: '2026-04-01', warranty_until: '2027-01-01' });

    const list = await ok<WarrantyList>(user, 'GET', '/api/warranties');
    const brief = (e: WarrantyList['returns'][number]) => [e.store, e.item, e.amount, e.until];
    expect(list.returns.map(brief)).toEqual([
      ['Best Buy', null, 109, '2026-04-13'],
      ['Best Buy', 'Headphones', 89, '2026-04-13'],
    ]);
    expect(list.warranties.map(brief)).toEqual([
      ['Best Buy', null, 109, '2028-03-14'],
      ['Best Buy', 'Headphones', 89, '2027-03-14'],
    ]);
    expect(list.returns[0]).toMatchObject({ receipt_id: tv.id, date: DAY, currency: 'USD' });
    expect(list.returns[0].original_url).toMatch(/^http/);
    // The shoes' window and warranty have ended: they are not listed.
    expect(JSON.stringify(list)).not.toContain(old.id);

    expect(await ok<WarrantyList>(other, 'GET', '/api/warranties')).toMatchObject({ returns: [{ store: 'Not Mine' }], warranties: [{ store: 'Not Mine' }] });
    expect((await t.request(null, { method: 'GET', url: '/api/warranties' })).statusCode).toBe(401);
  });

  it('filters the receipts list to what is under warranty, on the receipt or an item', async () => {
    const user = await t.signUp();
    const onReceipt = await ok<Receipt>(user, 'POST', '/receipts', { store: 'A', date: DAY, amount: 1, warranty_until: '2027-01-01' });
    const onItem = await ok<Receipt>(user, 'POST', '/receipts', {
      store: 'B',
      date: DAY,
      amount: 2,
      items: [{ name: 'Drill', price: 2, warranty_until: '2026-03-20' }],
    });
    await ok<Receipt>(user, 'POST', '/receipts', { store: 'C', date: DAY, amount: 3, warranty_until: '2026-03-19' });
    await ok<Receipt>(user, 'POST', '/receipts', { store: 'D', date: DAY, amount: 4 });
    const res = await t.request(user, { method: 'GET', url: '/receipts?under_warranty=true&sort=store&order=asc' });
    expect((res.json() as Receipt[]).map((r) => r.id)).toEqual([onReceipt.id, onItem.id]);
    expect(res.headers['x-total-count']).toBe('2');
    expect((await t.request(user, { method: 'GET', url: '/receipts?under_warranty=false' })).headers['x-total-count']).toBe('4');
    expect((await t.request(user, { method: 'GET', url: '/receipts?under_warranty=maybe' })).statusCode).toBe(400);
  });
});

describe('return reminders', () => {
  it('tells once, a few days before a window closes, by the periodic timer on the app clock, and only its owner', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const saved = await ok<Receipt>(user, 'POST', '/receipts', headphones);
    await ok<Receipt>(other, 'POST', '/receipts', { store: 'Elsewhere', date: DAY, amount: 5, return_by: '2026-04-20' });
    expect(await reminders(t, user)).toEqual([]); // 24 days ahead: not yet

    // Three days before the 13th: the timer of an app whose clock stands there tells it (it finishes by close).
    const later = await startTestApp({ FIXED_TIME: '2026-04-10T09:00:00Z' }, { sharing: t });
    await later.close();
    const told = await reminders(t, user);
    expect(told.map((n) => n.message).sort()).toEqual(['Return by Monday: Best Buy ($109.00)', 'Return by Monday: Headphones from Best Buy ($89.00)']);
    expect(told.map((n) => n.link)).toEqual([`/receipts/${saved.id}`, `/receipts/${saved.id}`]);

    await remindDueReturns(t.db.db, new Date('2026-04-11T09:00:00Z'));
    await remindDueReturns(t.db.db, new Date('2026-04-13T23:00:00Z'));
    expect(await reminders(t, user)).toHaveLength(2); // once each
    expect(await reminders(t, other)).toEqual([]); // the other's window closes on the 20th
  });

  it('tells at once of a window already closing when the receipt is saved, naming its only item', async () => {
    const user = await t.signUp();
    const saved = await ok<Receipt>(user, 'POST', '/receipts', {
      store: 'Best Buy',
      date: DAY,
      amount: 89,
      return_by: '2026-03-22',
      items: [{ name: 'Headphones', price: 89 }],
    });
    expect(await reminders(t, user)).toEqual([
      expect.objectContaining({
        title: 'Return window closing',
        message: 'Return by Sunday: Headphones from Best Buy ($89.00)',
        link: `/receipts/${saved.id}`,
      }),
    ]);
    await ok<Receipt>(user, 'PUT', `/receipts/${saved.id}`, { store: 'Best Buy', date: DAY, amount: 89, description: 'edited' });
    expect(await reminders(t, user)).toHaveLength(1);
    expect(
      (await t.request(user, { method: 'PUT', url: `/receipts/${UNKNOWN_ID}`, payload: { store: 'X', date: DAY, amount: 1, return_by: '2026-03-21' } }))
        .statusCode,
    ).toBe(404);
  });
});
