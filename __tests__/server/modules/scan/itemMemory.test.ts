import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { categoryId } from '../receipts/fixtures';
import { recallItems } from '../../../../src/server/modules/scan/itemMemory';

const FIXED = '2026-03-20T12:00:00Z';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ FIXED_TIME: FIXED });
});
afterAll(() => t?.close());

const saveScan = async (user: TestUser, items: object[], category = 'Food') => {
  const res = await t.request(user, {
    method: 'POST',
    url: '/receipts',
    payload: { store_name: 'Walmart', date: '2026-03-10', total_amount: 13.98, category, items },
  });
  expect(res.statusCode).toBe(201);
};

describe('item names learned from a scan', () => {
  it('remembers the name and category a person saved for what was read, for that person only', async () => {
    const [user, other] = [await t.signUp(), await t.signUp()];
    await saveScan(user, [
      { name: 'Milk 2%, 1 gal', read_as: 'GV 2% MLK GAL', price: 3.99, category: 'Food' },
      { name: 'Charger', read_as: 'USB CHGR', price: 9.99, category: 'Utilities' },
      { name: 'Typed by hand', price: 0 },
    ]);
    const food = await categoryId(t, user, 'Food');
    const recalled = await recallItems(t.db.db, user.uid, ['gv 2% mlk gal.', 'USB  CHGR', 'Typed by hand', 'Never seen']);
    expect(Object.fromEntries([...recalled].map(([read, m]) => [read, { name: m.name, category_id: m.category_id }]))).toEqual({
      'gv 2% mlk gal.': { name: 'Milk 2%, 1 gal', category_id: food },
      'USB  CHGR': { name: 'Charger', category_id: await categoryId(t, user, 'Utilities') },
    });
    expect((await recallItems(t.db.db, other.uid, ['GV 2% MLK GAL'])).size).toBe(0);

    // Corrected again: the last name saved wins; a deleted category is no longer proposed.
    await saveScan(user, [{ name: 'Milk', read_as: 'GV 2% MLK GAL', price: 13.98, category: 'Clothing' }]);
    await t.request(user, { method: 'DELETE', url: `/categories/${await categoryId(t, user, 'Clothing')}` });
    const again = (await recallItems(t.db.db, user.uid, ['GV 2% MLK GAL'])).get('GV 2% MLK GAL');
    expect(again).toMatchObject({ name: 'Milk', category_id: null });
  });

  it('refuses a read_as longer than an item name, and saves nothing', async () => {
    const user = await t.signUp();
    const res = await t.request(user, {
      method: 'POST',
      url: '/receipts',
      payload: { store_name: 'Walmart', date: '2026-03-10', total_amount: 1, items: [{ name: 'Milk', read_as: 'x'.repeat(201), price: 1 }] },
    });
    expect(res.statusCode).toBe(400);
    expect((await t.request(user, { method: 'GET', url: '/receipts' })).json()).toEqual([]);
  });
});
