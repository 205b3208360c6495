import { sql } from 'kysely';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { UNKNOWN_ID } from '../receipts/fixtures';

const FIXED = '2026-03-20T12:00:00Z';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ FIXED_TIME: FIXED });
});
afterAll(() => t?.close());

async function buy(user: TestUser, store: string, date: string, price: number, name = 'Milk 2%') {
  const res = await t.request(user, { method: 'POST', url: '/receipts', payload: { store, date, amount: price, items: [{ name, price }] } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
}

describe('price memory', () => {
  it('answers an item’s unit price over time and by store, the cheapest recent store, and a note where it cost clearly more', async () => {
    const [user, other] = [await t.signUp(), await t.signUp()];
    await buy(user, 'Safeway', '2026-01-05', 3.99);
    await buy(user, 'Safeway', '2026-02-05', 3.99);
    await buy(user, 'Costco', '2026-02-20', 3.49, 'milk 2%');
    const dear = await buy(user, 'Corner Shop', '2026-03-10', 4.89);
    await buy(other, 'Costco', '2026-03-01', 1.0);

    const history = (await t.request(user, { method: 'GET', url: '/api/prices?item=MILK%202%25' })).json();
    expect(history.item).toBe('Milk 2%');
    expect(history.points.map((p: { date: string; unit_price: number }) => [p.date, p.unit_price])).toEqual([
      ['2026-01-05', 3.99],
      ['2026-02-05', 3.99],
      ['2026-02-20', 3.49],
      ['2026-03-10', 4.89],
    ]);
    expect(history.stores.map((s: { store: string; purchases: number; last_price: number }) => [s.store, s.purchases, s.last_price])).toEqual([
      ['Costco', 1, 3.49],
      ['Safeway', 2, 3.99],
      ['Corner Shop', 1, 4.89],
    ]);
    expect(history.cheapest_recent).toEqual({ store: 'Costco', unit_price: 3.49, currency: 'USD', date: '2026-02-20' });

    const items = (await t.request(user, { method: 'GET', url: '/api/prices/items?search=mil' })).json();
    expect(items).toEqual([{ name: 'Milk 2%', purchases: 4, category_id: null }]);

    const notes = (await t.request(user, { method: 'GET', url: `/api/prices/receipts/${dear.id}` })).json();
    expect(notes).toEqual([{ item: 'Milk 2%', paid: 4.89, usual: 3.99, usual_store: 'Safeway', currency: 'USD' }]);

    // Another person's receipt, or none: 404; nothing of theirs in my history.
    expect((await t.request(other, { method: 'GET', url: `/api/prices/receipts/${dear.id}` })).statusCode).toBe(404);
    expect((await t.request(user, { method: 'GET', url: `/api/prices/receipts/${UNKNOWN_ID}` })).statusCode).toBe(404);
    expect((await t.request(other, { method: 'GET', url: '/api/prices?item=milk%202%25' })).json().points).toHaveLength(1);
  });

  it('lists what was bought as every write leaves it: saves, edits, deletes, an account gone', async () => {
    const [user, other] = [await t.signUp(), await t.signUp()];
    const search = async (who: TestUser, text: string) => (await t.request(who, { method: 'GET', url: `/api/prices/items?search=${text}` })).json();
    const first = await buy(user, 'Safeway', '2026-03-01', 2.5, 'Bread');
    await buy(user, 'Safeway', '2026-03-02', 2.5, 'BREAD');
    await buy(other, 'Costco', '2026-03-02', 2, 'Bread');
    const edited = await buy(user, 'Safeway', '2026-03-03', 4, 'Butter');
    expect(await search(user, 'b')).toEqual([
      { name: 'BREAD', purchases: 2, category_id: null },
      { name: 'Butter', purchases: 1, category_id: null },
    ]);

    // An edit that names the items again moves the counts; a delete takes its items off.
    const twoItems = {
      store: 'Safeway',
      date: '2026-03-03',
      amount: 6,
      items: [
        { name: 'Butter', price: 4 },
        { name: 'Jam', price: 2 },
      ],
    };
    expect((await t.request(user, { method: 'PUT', url: `/receipts/${edited.id}`, payload: twoItems })).statusCode).toBe(200);
    expect((await t.request(user, { method: 'DELETE', url: `/receipts/${first.id}` })).statusCode).toBe(204);
    expect(await search(user, '')).toEqual([
      { name: 'BREAD', purchases: 1, category_id: null },
      { name: 'Butter', purchases: 1, category_id: null },
      { name: 'Jam', purchases: 1, category_id: null },
    ]);
    const { rows } = await sql<{ purchases: number }>`SELECT purchases::int AS purchases FROM item_names WHERE user_id = ${other.uid}`.execute(t.db.db);
    expect(rows).toEqual([{ purchases: 1 }]);

    // The names go with the items, down to a cascade from the account.
    expect((await t.request(other, { method: 'DELETE', url: '/api/account', payload: { confirm: other.email } })).statusCode).toBe(204);
    const gone = await sql`SELECT 1 FROM item_names WHERE user_id = ${other.uid}`.execute(t.db.db);
    expect(gone.rows).toEqual([]);
  });

  it('gives each name the category it was last given, while that is still one of the person’s', async () => {
    const user = await t.signUp();
    const save = (items: object[]) =>
      t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Target', date: '2026-03-01', amount: 20, category: 'Food', items } });
    expect((await save([{ name: 'Phone charger', price: 20, category: 'Utilities' }])).statusCode).toBe(201);
    const search = async () => (await t.request(user, { method: 'GET', url: '/api/prices/items?search=charger' })).json();
    const utilities = (await t.request(user, { method: 'GET', url: '/categories' })).json().find((c: { name: string }) => c.name === 'Utilities')._id;
    expect(await search()).toEqual([{ name: 'Phone charger', purchases: 1, category_id: utilities }]);
    // Bought again as the receipt's: that is what it was last given.
    expect((await save([{ name: 'Phone charger', price: 20 }])).statusCode).toBe(201);
    expect(await search()).toEqual([{ name: 'Phone charger', purchases: 2, category_id: null }]);
    expect((await save([{ name: 'phone charger', price: 20, category: 'Utilities' }])).statusCode).toBe(201);
    expect(await search()).toEqual([{ name: 'Phone charger', purchases: 3, category_id: utilities }]);
    expect((await t.request(user, { method: 'DELETE', url: `/categories/${utilities}` })).statusCode).toBe(204);
    expect(await search()).toEqual([{ name: 'Phone charger', purchases: 3, category_id: null }]);
  });

  it('keeps an item’s purchases in the order of their receipts’ dates as a date is edited, and speaks of recent prices', async () => {
    const user = await t.signUp();
    const history = async () =>
      (await t.request(user, { method: 'GET', url: '/api/prices?item=tea' }))
        .json()
        .points.map((p: { date: string; unit_price: number }) => [p.date, p.unit_price]);
    const older = await buy(user, 'Safeway', '2026-01-10', 2, 'Tea');
    await buy(user, 'Safeway', '2026-02-10', 3, 'Tea');
    const moved = { store: 'Safeway', date: '2026-03-01', amount: 2, items: [{ name: 'Tea', price: 2 }] };
    expect((await t.request(user, { method: 'PUT', url: `/receipts/${older.id}`, payload: moved })).statusCode).toBe(200);
    expect(await history()).toEqual([
      ['2026-02-10', 3],
      ['2026-03-01', 2],
    ]);
    // Years of cheap tea, then a run at 3 this year: the usual is the latest purchases' median
    // (30 at 3 of the last 50), so 3.30 is not clearly more, though most purchases ever were at 1.
    const day = (year: number, n: number) => `${year}-0${1 + Math.floor(n / 28)}-${String(1 + (n % 28)).padStart(2, '0')}`;
    for (let n = 0; n < 60; n++) await buy(user, 'Safeway', day(2020, n), 1, 'Tea');
    for (let n = 0; n < 28; n++) await buy(user, 'Safeway', day(2026, n), 3, 'Tea');
    const dear = await buy(user, 'Corner Shop', '2026-03-10', 3.3, 'Tea');
    expect((await t.request(user, { method: 'GET', url: `/api/prices/receipts/${dear.id}` })).json()).toEqual([]);
  });

  it('refuses an empty item with a 400', async () => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'GET', url: '/api/prices?item=%20' });
    expect(res.statusCode).toBe(400);
    expect((await t.request(user, { method: 'GET', url: '/api/prices' })).statusCode).toBe(400);
  });
});
