import { sql } from 'kysely';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { PRODUCT_MAX_NAMES } from '../../../../src/shared/constants/prices';
import type { PriceHistory } from '../../../../src/shared/prices';

/** One product bought under different names at different stores (issue 52: canonical names). */

const FIXED = '2026-03-20T12:00:00Z';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ FIXED_TIME: FIXED });
});
afterAll(() => t?.close());

async function buy(user: TestUser, store: string, date: string, items: Array<[string, number]>) {
  const amount = items.reduce((s, [, price]) => s + price, 0);
  const payload = { store, date, amount, items: items.map(([name, price]) => ({ name, price })) };
  const res = await t.request(user, { method: 'POST', url: '/receipts', payload });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
}

const get = async (user: TestUser, url: string) => {
  const res = await t.request(user, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const history = (user: TestUser, item: string): Promise<PriceHistory> => get(user, `/api/prices?item=${encodeURIComponent(item)}`);
const search = (user: TestUser, text: string) => get(user, `/api/prices/items?search=${encodeURIComponent(text)}`);
const same = (user: TestUser, item: string, same_as: string) => t.request(user, { method: 'PUT', url: '/api/prices/products', payload: { item, same_as } });
const notSame = (user: TestUser, item: string) => t.request(user, { method: 'DELETE', url: `/api/prices/products?item=${encodeURIComponent(item)}` });
const points = (h: PriceHistory) => h.points.map((p) => [p.date, p.store, p.unit_price]);
const groupedRows = async (user: TestUser) =>
  (
    await sql<{ key: string; product_key: string }>`SELECT key, product_key FROM item_products WHERE user_id = ${user.uid} ORDER BY key`.execute(t.db.db)
  ).rows.map((r) => `${r.key} → ${r.product_key}`);

/** Milk bought as three names at three stores, and tea. */
async function milkBuyer() {
  const user = await t.signUp();
  await buy(user, 'Walmart', '2026-01-05', [['GV 2% MLK GAL', 3.48]]);
  await buy(user, 'Safeway', '2026-02-05', [['MILK 2% 1GAL', 4.29]]);
  await buy(user, 'Safeway', '2026-02-19', [['MILK 2% 1GAL', 4.29]]);
  await buy(user, 'Corner Shop', '2026-03-01', [
    ['Milk 2%', 3.99],
    ['Tea', 2],
  ]);
  return user;
}

describe('one product under several names', () => {
  it('reads the names as one product: history, stores, cheapest lately, search and price notes', async () => {
    const user = await milkBuyer();
    const other = await t.signUp();
    await buy(other, 'Walmart', '2026-03-02', [['GV 2% MLK GAL', 1]]);

    const grouped = await same(user, 'gv 2% mlk gal', 'Milk 2%');
    expect(grouped.statusCode).toBe(200);
    expect(grouped.json()).toEqual({ product: 'Milk 2%', names: ['Milk 2%', 'GV 2% MLK GAL'] });
    expect((await same(user, 'MILK 2% 1GAL', 'GV 2% MLK GAL')).json()).toEqual({ product: 'Milk 2%', names: ['Milk 2%', 'GV 2% MLK GAL', 'MILK 2% 1GAL'] });

    // Any of its names reads the whole product, under the name the person chose.
    for (const name of ['Milk 2%', 'MILK 2% 1GAL', 'gv 2% mlk gal']) {
      const h = await history(user, name);
      expect(h.item).toBe('Milk 2%');
      expect(h.names).toEqual(['Milk 2%', 'GV 2% MLK GAL', 'MILK 2% 1GAL']);
      expect(points(h)).toEqual([
        ['2026-01-05', 'Walmart', 3.48],
        ['2026-02-05', 'Safeway', 4.29],
        ['2026-02-19', 'Safeway', 4.29],
        ['2026-03-01', 'Corner Shop', 3.99],
      ]);
      expect(h.stores.map((s) => [s.store, s.purchases, s.last_price])).toEqual([
        ['Walmart', 1, 3.48],
        ['Corner Shop', 1, 3.99],
        ['Safeway', 2, 4.29],
      ]);
      expect(h.cheapest_recent).toEqual({ store: 'Walmart', unit_price: 3.48, currency: 'USD', date: '2026-01-05' });
    }

    // Listed once, under its own name, with the purchases of all its names; found by any of them.
    expect(await search(user, '')).toEqual([
      { name: 'Milk 2%', purchases: 4, category_id: null },
      { name: 'Tea', purchases: 1, category_id: null },
    ]);
    expect(await search(user, 'mlk')).toEqual([{ name: 'Milk 2%', purchases: 4, category_id: null }]);

    // A dear carton under a fourth spelling, grouped too: compared with the whole product.
    const dear = await buy(user, 'Airport', '2026-03-10', [['Milk 2% gal', 5.5]]);
    expect(await get(user, `/api/prices/receipts/${dear.id}`)).toEqual([]);
    expect((await same(user, 'Milk 2% gal', 'Milk 2%')).statusCode).toBe(200);
    expect(await get(user, `/api/prices/receipts/${dear.id}`)).toEqual([
      { item: 'Milk 2% gal', paid: 5.5, usual: 4.14, usual_store: 'Safeway', currency: 'USD' },
    ]);

    // The other person's milk is theirs alone.
    expect(points(await history(other, 'GV 2% MLK GAL'))).toEqual([['2026-03-02', 'Walmart', 1]]);
    expect((await history(other, 'GV 2% MLK GAL')).names).toEqual(['GV 2% MLK GAL']);
    expect(await groupedRows(other)).toEqual([]);
  });

  it('keeps no chains: a product joins the other product’s own name, a whole product moves', async () => {
    const user = await t.signUp();
    await buy(user, 'Shop', '2026-03-01', [
      ['A', 1],
      ['B', 1],
      ['C', 1],
      ['D', 1],
      ['E', 1],
    ]);
    expect((await same(user, 'B', 'A')).statusCode).toBe(200);
    expect((await same(user, 'D', 'C')).statusCode).toBe(200);
    // E joins B, which is grouped into A: E joins A.
    expect((await same(user, 'E', 'B')).json()).toEqual({ product: 'A', names: ['A', 'B', 'E'] });
    // C's product (C and D) joins E's: all of it points at A.
    expect((await same(user, 'c', 'e')).json()).toEqual({ product: 'A', names: ['A', 'B', 'C', 'D', 'E'] });
    expect(await groupedRows(user)).toEqual(['a → a', 'b → a', 'c → a', 'd → a', 'e → a']);
    // Said again: nothing changes.
    expect((await same(user, 'D', 'B')).json()).toEqual({ product: 'A', names: ['A', 'B', 'C', 'D', 'E'] });
    expect(await groupedRows(user)).toEqual(['a → a', 'b → a', 'c → a', 'd → a', 'e → a']);
  });

  it('takes a name out again; the most bought names the product when its own name goes, and one name left is no product', async () => {
    const user = await milkBuyer();
    await same(user, 'GV 2% MLK GAL', 'Milk 2%');
    await same(user, 'MILK 2% 1GAL', 'Milk 2%');

    expect((await notSame(user, 'Milk 2%')).statusCode).toBe(204);
    // MILK 2% 1GAL was bought twice: it names what is left.
    expect((await history(user, 'GV 2% MLK GAL')).names).toEqual(['MILK 2% 1GAL', 'GV 2% MLK GAL']);
    expect((await history(user, 'Milk 2%')).names).toEqual(['Milk 2%']);
    expect(points(await history(user, 'Milk 2%'))).toEqual([['2026-03-01', 'Corner Shop', 3.99]]);

    expect((await notSame(user, 'gv 2% mlk gal')).statusCode).toBe(204);
    expect(await groupedRows(user)).toEqual([]);
    expect((await search(user, '2%')).map((i: { name: string }) => i.name)).toEqual(['MILK 2% 1GAL', 'GV 2% MLK GAL', 'Milk 2%']);

    const res = await notSame(user, 'Milk 2%');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("'Milk 2%' is not grouped with another of your names. Nothing was changed.");
  });

  it('keeps a name in its product while no item carries it, and reads it again when it is bought again', async () => {
    const user = await t.signUp();
    await buy(user, 'Safeway', '2026-02-01', [['Milk 2%', 3.99]]);
    const only = await buy(user, 'Walmart', '2026-02-02', [['GV 2% MLK GAL', 3.48]]);
    await same(user, 'GV 2% MLK GAL', 'Milk 2%');
    expect((await t.request(user, { method: 'DELETE', url: `/receipts/${only.id}` })).statusCode).toBe(204);
    expect((await sql`SELECT 1 FROM item_names WHERE user_id = ${user.uid} AND key = 'gv 2% mlk gal'`.execute(t.db.db)).rows).toEqual([]);
    expect((await history(user, 'Milk 2%')).names).toEqual(['Milk 2%', 'GV 2% MLK GAL']);
    // Still found by that name: the product is.
    expect(await search(user, 'mlk')).toEqual([{ name: 'Milk 2%', purchases: 1, category_id: null }]);

    await buy(user, 'Walmart', '2026-03-02', [['GV 2% MLK GAL', 3.28]]);
    expect(points(await history(user, 'Milk 2%'))).toEqual([
      ['2026-02-01', 'Safeway', 3.99],
      ['2026-03-02', 'Walmart', 3.28],
    ]);
    expect(await search(user, 'mlk')).toEqual([{ name: 'Milk 2%', purchases: 2, category_id: null }]);
  });

  it('lists a product whose own name is no longer bought under the name it was given', async () => {
    const user = await t.signUp();
    const first = await buy(user, 'Safeway', '2026-02-01', [['Milk 2%', 3.99]]);
    await buy(user, 'Walmart', '2026-02-02', [['GV 2% MLK GAL', 3.48]]);
    await same(user, 'GV 2% MLK GAL', 'Milk 2%');
    expect((await t.request(user, { method: 'DELETE', url: `/receipts/${first.id}` })).statusCode).toBe(204);
    expect(await search(user, 'milk')).toEqual([{ name: 'Milk 2%', purchases: 1, category_id: null }]);
    expect((await history(user, 'GV 2% MLK GAL')).item).toBe('Milk 2%');
  });
});

describe('refusals, each changing nothing', () => {
  it('refuses a name that is not the person’s, the item itself, and bodies that do not fit, never with a 500', async () => {
    const [user, other] = [await t.signUp(), await t.signUp()];
    await buy(user, 'Shop', '2026-03-01', [
      ['Milk 2%', 1],
      ['Milk', 1],
    ]);
    await buy(other, 'Shop', '2026-03-01', [['Oat milk', 1]]);
    const refusals: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ item: 'Milk 2%', same_as: 'Oat milk' }, 404, /^You have no item named 'Oat milk'\. Nothing was changed\.$/],
      [{ item: 'Oat milk', same_as: 'Milk 2%' }, 404, /^You have no item named 'Oat milk'/],
      [{ item: 'Milk 2%', same_as: ' MILK 2% ' }, 400, /cannot be the same product as itself/],
      [{ item: 'Milk 2%' }, 400, /same_as/],
      [{ item: 'Milk 2%', same_as: ' ' }, 400, /same_as/],
      [{ item: 'Milk 2%', same_as: 'x'.repeat(201) }, 400, /same_as/],
      [{ item: 'Milk 2%', same_as: 'Milk', user_id: other.uid }, 400, /user_id/],
      [{ item: 'Milk 2%', same_as: 'Mi\u0000lk' }, 400, /NUL/],
    ];
    for (const [payload, status, message] of refusals) {
      const res = await t.request(user, { method: 'PUT', url: '/api/prices/products', payload });
      expect([payload, res.statusCode]).toEqual([payload, status]);
      expect(res.json().message).toMatch(message);
    }
    expect((await notSame(user, 'Oat milk')).statusCode).toBe(404);
    expect((await t.request(user, { method: 'DELETE', url: '/api/prices/products' })).statusCode).toBe(400);
    expect(await groupedRows(user)).toEqual([]);
    expect(await groupedRows(other)).toEqual([]);

    // The other person's product is out of reach: taking their name out answers 404.
    expect((await same(other, 'Oat milk', 'Oat milk')).statusCode).toBe(400);
    await buy(other, 'Shop', '2026-03-02', [['OATLY', 1]]);
    expect((await same(other, 'OATLY', 'Oat milk')).statusCode).toBe(200);
    expect((await notSame(user, 'OATLY')).statusCode).toBe(404);
    expect(await groupedRows(other)).toEqual(['oat milk → oat milk', 'oatly → oat milk']);
  });

  it(`holds at most ${PRODUCT_MAX_NAMES} names in one product`, async () => {
    const user = await t.signUp();
    const names = Array.from({ length: PRODUCT_MAX_NAMES + 1 }, (_, i) => `Coffee ${String.fromCharCode(97 + i)}`);
    await buy(
      user,
      'Shop',
      '2026-03-01',
      names.map((n) => [n, 1]),
    );
    for (const name of names.slice(1, PRODUCT_MAX_NAMES)) expect((await same(user, name, names[0])).statusCode).toBe(200);
    const res = await same(user, names[PRODUCT_MAX_NAMES], names[0]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `A product holds at most ${PRODUCT_MAX_NAMES} names, and these two have ${PRODUCT_MAX_NAMES + 1} together. Nothing was changed.`,
    );
    expect((await groupedRows(user)).length).toBe(PRODUCT_MAX_NAMES);
  });
});

describe('maybe the same product', () => {
  it('proposes the person’s names that share the item’s significant words, a product once, never grouping them', async () => {
    const [user, other] = [await t.signUp(), await t.signUp()];
    await buy(user, 'Safeway', '2026-03-01', [
      ['Milk 2%, 1 gal', 4],
      ['MILK 2% 1GAL', 4],
      ['2% MILK HALF GAL', 2],
      ['Milk', 3],
      ['Chocolate bar', 1],
      ['Buttermilk 2%', 2],
      ['Green tea', 2],
    ]);
    await buy(user, 'Safeway', '2026-03-02', [['MILK 2% 1GAL', 4]]);
    await buy(user, 'Walmart', '2026-03-03', [
      ['GV 2% MLK GAL', 3],
      ['GREEN TERIYAKI', 5],
    ]);
    await buy(other, 'Safeway', '2026-03-01', [['Milk 2% organic', 4]]);
    const similar = (item: string) => get(user, `/api/prices/similar?item=${encodeURIComponent(item)}`);
    // Those sharing more of its words first: 'MLK' is short for 'milk', and shares one word less as written.
    expect(await similar('Milk 2%, 1 gal')).toEqual(['MILK 2% 1GAL', '2% MILK HALF GAL', 'GV 2% MLK GAL']);
    expect(await similar('GV 2% MLK GAL')).toEqual(['MILK 2% 1GAL', '2% MILK HALF GAL', 'Milk 2%, 1 gal']);
    // A word of its own is no abbreviation: 'tea' is not short for 'teriyaki'.
    expect(await similar('Green tea')).toEqual([]);
    expect(await groupedRows(user)).toEqual([]);

    // Once grouped, the names of its own product are not proposed; another product is, once, by its name.
    await same(user, '2% MILK HALF GAL', 'MILK 2% 1GAL');
    expect(await similar('Milk 2%, 1 gal')).toEqual(['MILK 2% 1GAL', 'GV 2% MLK GAL']);
    await same(user, 'Milk 2%, 1 gal', 'MILK 2% 1GAL');
    expect(await similar('Milk 2%, 1 gal')).toEqual(['GV 2% MLK GAL']);
    await same(user, 'GV 2% MLK GAL', 'MILK 2% 1GAL');
    expect(await similar('Milk 2%, 1 gal')).toEqual([]);
    expect(await similar('Chocolate bar')).toEqual([]);
    expect(await similar('Bananas')).toEqual([]);
  });
});

describe('the person’s data', () => {
  it('goes with the account', async () => {
    const user = await milkBuyer();
    await same(user, 'GV 2% MLK GAL', 'Milk 2%');
    expect((await t.request(user, { method: 'DELETE', url: '/api/account', payload: { confirm: user.email } })).statusCode).toBe(204);
    expect(await groupedRows(user)).toEqual([]);
  });
});
