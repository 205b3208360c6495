import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { bigStoreGroceries, categoryId, UNKNOWN_ID, type ItemCategories } from './fixtures';
import { rebuildTotals } from '../../../../src/server/modules/analytics/repository';
import type { Receipt } from '../../../../src/shared/receipts';

// A fixed day: this month's category budgets and reports are what the test reads.
const FIXED = '2026-03-20T12:00:00Z';
const DAY = '2026-03-10';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ FIXED_TIME: FIXED });
});
afterAll(() => t?.close());

async function ok<T>(user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
  const res = await t.request(user, { method, url, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}

/** This month per category, as the categories screen (budgets) and the reports count it. */
async function byCategory(user: TestUser) {
  const categories = await ok<Array<{ name: string; spent: number; receipt_count?: number }>>(user, 'GET', '/categories');
  const reports = await ok<{ current: { total: number }; categories: Array<{ category: string; amount: number }> }>(
    user,
    'GET',
    '/api/analytics/breakdown?range=monthly',
  );
  const spent = Object.fromEntries(categories.filter((c) => c.spent !== 0).map((c) => [c.name, c.spent]));
  expect(Object.fromEntries(reports.categories.map((c) => [c.category, c.amount]))).toEqual(spent);
  const dashboard = await ok<{ total_spent: number }>(user, 'GET', '/dashboard');
  expect(dashboard.total_spent).toBe(reports.current.total);
  return { spent, receipts: Object.fromEntries(categories.filter((c) => c.receipt_count).map((c) => [c.name, c.receipt_count])) };
}

/** The Big Store groceries on the test's day (see bigStoreGroceries). */
const groceries = (categories?: ItemCategories) => bigStoreGroceries(DAY, categories);

describe('items counted in their own categories', () => {
  it('moves three category budgets, moves them back when edited, and the reports agree', async () => {
    const user = await t.signUp();
    const created = await ok<Receipt>(user, 'POST', '/receipts', groceries());
    // The tax spread in proportion: 2.22, 1.11 and 2.67 (the odd cent to the largest remainder).
    expect(await byCategory(user)).toEqual({ spent: { Food: 22.22, Utilities: 11.11, Entertainment: 26.67 }, receipts: { Food: 1 } });
    const utilities = await categoryId(t, user, 'Utilities');
    expect(created.items.map((i) => i.categoryId)).toEqual([undefined, utilities, await categoryId(t, user, 'Entertainment')]);

    // Naming the receipt's own category is the receipt's: it follows the receipt from then on.
    await ok(user, 'PUT', `/receipts/${created.id}`, groceries({ utilities: 'food', fun: 'Entertainment' }));
    expect(await byCategory(user)).toEqual({ spent: { Food: 33.33, Entertainment: 26.67 }, receipts: { Food: 1 } });
    const back = await ok<Receipt>(user, 'PUT', `/receipts/${created.id}`, groceries({}));
    expect(back.items.every((i) => i.categoryId === undefined)).toBe(true);
    expect(await byCategory(user)).toEqual({ spent: { Food: 60 }, receipts: { Food: 1 } });

    // An edit that leaves the items out keeps their categories, counted on the new amount.
    await ok(user, 'PUT', `/receipts/${created.id}`, groceries());
    await ok(user, 'PUT', `/receipts/${created.id}`, { store: 'Big Store', date: DAY, amount: 54, tax: null, category: 'Clothing' });
    expect(await byCategory(user)).toEqual({ spent: { Clothing: 20, Utilities: 10, Entertainment: 24 }, receipts: { Clothing: 1 } });

    // A recount from the tables is what the write path kept.
    await t.db.db.transaction().execute((trx) => rebuildTotals(trx, user.uid));
    expect(await byCategory(user)).toEqual({ spent: { Clothing: 20, Utilities: 10, Entertainment: 24 }, receipts: { Clothing: 1 } });

    await ok(user, 'DELETE', `/receipts/${created.id}`);
    expect(await byCategory(user)).toEqual({ spent: {}, receipts: {} });
  });

  it('moves an item’s part with its category when that category is deleted', async () => {
    const user = await t.signUp();
    await ok(user, 'POST', '/receipts', groceries());
    await ok(user, 'DELETE', `/categories/${await categoryId(t, user, 'Entertainment')}`);
    expect(await byCategory(user)).toEqual({ spent: { Food: 22.22, Utilities: 11.11, Other: 26.67 }, receipts: { Food: 1 } });
    await ok(user, 'DELETE', `/categories/${await categoryId(t, user, 'Food')}`);
    expect(await byCategory(user)).toEqual({ spent: { Utilities: 11.11, Other: 48.89 }, receipts: { Other: 1 } });
    // The board game is now in the receipt's own category.
    const [receipt] = await ok<Receipt[]>(user, 'GET', '/receipts');
    expect(receipt.items.map((i) => i.categoryId)).toEqual([undefined, await categoryId(t, user, 'Utilities'), undefined]);
  });

  it('refuses an unknown category or someone else’s, and changes nothing', async () => {
    const [user, other] = [await t.signUp(), await t.signUp()];
    const created = await ok<Receipt>(user, 'POST', '/receipts', groceries());
    const before = await byCategory(user);
    for (const ref of ['Pets', UNKNOWN_ID, await categoryId(t, other, 'Utilities')]) {
      for (const [method, url] of [
        ['POST', '/receipts'],
        ['PUT', `/receipts/${created.id}`],
      ] as const) {
        const res = await t.request(user, { method, url, payload: groceries({ utilities: ref }) });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(`items.1.category: Unknown category: ${ref}`);
      }
    }
    expect(await byCategory(user)).toEqual(before);
    expect((await ok<Receipt[]>(user, 'GET', '/receipts')).length).toBe(1);
    expect(await byCategory(other)).toEqual({ spent: {}, receipts: {} });
  });

  it('counts scanned items in the categories they name, and a shared default as the receipt’s', async () => {
    const user = await t.signUp();
    const scan = (items: Array<{ name: string; price: number; category?: string }>, category?: string) =>
      ok<Receipt>(user, 'POST', '/receipts', { store_name: 'Corner', date: DAY, total_amount: 30, items, ...(category ? { category } : {}) });
    // Every item 'food' (spec §3's default) with no receipt category: a Food receipt.
    await scan([
      { name: 'Milk', price: 10, category: 'food' },
      { name: 'Eggs', price: 20, category: 'food' },
    ]);
    expect((await byCategory(user)).spent).toEqual({ Food: 30 });
    // A category chosen for the receipt: items keep theirs; one that names nothing counts in the receipt's.
    await scan(
      [
        { name: 'Cable', price: 10, category: 'Utilities' },
        { name: 'Tea', price: 20, category: 'no such' },
      ],
      'Food',
    );
    expect((await byCategory(user)).spent).toEqual({ Food: 50, Utilities: 10 });
  });
});
