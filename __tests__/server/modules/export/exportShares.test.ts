import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import type { DataExport } from '../../../../src/shared/settings';
import { bigStoreGroceries, todayUtc } from '../receipts/fixtures';
import { couple, groceries, householdsAs, verifiedUser } from '../households/householdApi';
import { parseCsv } from './csvReader';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const HEADER = ['ID', 'Date', 'Store', 'Amount', 'Category', 'Description', 'Payment method', 'Tax', 'Item count', 'Currency', 'Rate', 'Home amount'];

async function ok<T>(user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
  const res = await t.request(user, { method, url, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}

const csvOf = async (user: TestUser) => parseCsv((await t.request(user, { method: 'GET', url: '/api/export?format=csv' })).body.slice(1));
const jsonOf = (user: TestUser) => ok<DataExport>(user, 'GET', '/api/export?format=json');
const spent = async (user: TestUser) => (await ok<{ total_spent: number }>(user, 'GET', '/dashboard')).total_spent;
const ITEMS_HEADER = ['Receipt ID', 'Date', 'Store', 'Item', 'Quantity', 'Category', 'Amount', 'Currency', 'Home amount'];
const itemsCsvOf = async (user: TestUser) => parseCsv((await t.request(user, { method: 'GET', url: '/api/export?format=csv&rows=items' })).body.slice(1));
/** The Your share column (the last) added up: in all, or by category in cents. */
const sumOfShares = (rows: string[][]) => rows.slice(1).reduce((sum, row) => sum + Math.round(Number(row[row.length - 1]) * 100), 0) / 100;
function shareByCategory(rows: string[][]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of rows.slice(1)) {
    const cents = Math.round(Number(row[row.length - 1]) * 100);
    out[row[5]] = (out[row[5]] ?? 0) + cents;
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0));
}
/** This month by category as analytics count it, in cents. */
async function analyticsByCategory(user: TestUser): Promise<Record<string, number>> {
  const { categories } = await ok<{ categories: Array<{ category: string; amount: number }> }>(user, 'GET', '/api/analytics/breakdown?range=monthly');
  return Object.fromEntries(categories.map((c) => [c.category, Math.round(c.amount * 100)]));
}

/** Ana shares $100 of groceries with Ben, 70 hers and 30 his; each has a private receipt too. */
async function sharedGroceries() {
  const c = await couple(t);
  const costco = await ok<{ id: string }>(c.ana, 'POST', '/receipts', groceries(c, 70));
  await ok(c.ana, 'POST', '/receipts', { store: 'Books', date: todayUtc(), amount: 10, category: 'Entertainment' });
  await ok(c.ben, 'POST', '/receipts', { store: 'Bakery', date: todayUtc(), amount: 5, category: 'Food' });
  return { ...c, costco };
}

describe('exports that count shares', () => {
  it('gives a sharer a Your share column: their part of their own shared receipt, the whole of a private one', async () => {
    const { ana } = await sharedGroceries();
    const rows = await csvOf(ana);
    expect(rows[0]).toEqual([...HEADER, 'Your share']);
    const byStore = new Map(rows.slice(1).map((r) => [r[2], r]));
    expect(byStore.get('Costco')!.slice(3)).toEqual(['100.00', 'Food', '', '', '', '0', 'USD', '', '100.00', '70.00']);
    expect(byStore.get('Books')![12]).toBe('10.00');
    expect(rows).toHaveLength(3);
    // The column adds up to what the budgets count.
    expect(sumOfShares(rows)).toBe(await spent(ana));
  });

  it('adds a row for another’s receipt shared with the person, where only their share counts', async () => {
    const { ben, costco } = await sharedGroceries();
    const rows = await csvOf(ben);
    expect(rows[0]).toEqual([...HEADER, 'Your share']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['Bakery', 'Costco']);
    const shared = rows[2];
    expect(shared).toEqual([shared[0], todayUtc(), 'Costco', '100.00', 'Food', 'Shared by Ana', '', '', '', 'USD', '', '', '30.00']);
    expect(shared[0]).not.toBe(costco.id);
    expect(sumOfShares(rows)).toBe(await spent(ben));

    const data = await jsonOf(ben);
    expect(data.receipts).toEqual([expect.objectContaining({ store: 'Bakery', your_share: 5 })]);
    expect(data.shared_with_me).toEqual([
      expect.objectContaining({ shared_by: 'Ana', store: 'Costco', amount: 100, currency: 'USD', category: 'Food', your_share: 30, date: todayUtc() }),
    ]);
  });

  it('says the share in the person’s home currency, as their budgets count it', async () => {
    const { ben } = await sharedGroceries();
    await ok(ben, 'PUT', '/api/settings', { home_currency: 'EUR', home_currency_rate: 0.9 });
    const data = await jsonOf(ben);
    expect(data.shared_with_me).toEqual([expect.objectContaining({ store: 'Costco', amount: 100, currency: 'USD', your_share: 27 })]);
    expect(sumOfShares(await csvOf(ben))).toBe(await spent(ben));
  });

  it('keeps a share in the export of a member who left, as it keeps counting for them', async () => {
    const { ben, household } = await sharedGroceries();
    await ok(ben, 'POST', `/api/households/${household._id}/leave`);
    const data = await jsonOf(ben);
    expect(data.shared_with_me).toEqual([expect.objectContaining({ store: 'Costco', your_share: 30 })]);
  });

  it('gives a sharer’s items CSV a Your share column that adds up per category to their analytics', async () => {
    const c = await couple(t);
    // Bread is Ben's; the rest is split evenly.
    const groceries = bigStoreGroceries(todayUtc());
    const bigStore = await ok<{ id: string }>(c.ana, 'POST', '/receipts', {
      ...groceries,
      household_id: c.household._id,
      items: groceries.items.map((item, i) => (i === 0 ? { ...item, assigned_to: c.ids.ben } : item)),
    });
    await ok(c.ana, 'POST', '/receipts', { store: 'Books', date: todayUtc(), amount: 10, category: 'Entertainment' });

    const rows = await itemsCsvOf(c.ana);
    expect(rows[0]).toEqual([...ITEMS_HEADER, 'Your share']);
    // The items count whole in their categories; the others' shares come off each category as her
    // totals count them: all of Ben's bread, half of the rest with its part of the tax.
    // Half of 11.11 and of 26.67 is a cent more for one of them: which one is the split's tie.
    const halves = (rows: string[][]) => rows.slice(1).map((r) => [r[5], r[9]]);
    const hisHalves = halves(await itemsCsvOf(c.ben));
    const taken = (category: string) => `-${hisHalves.find(([name]) => name === category)![1]}`;
    expect([
      ['Entertainment', '13.33'],
      ['Entertainment', '13.34'],
    ]).toContainEqual(hisHalves[1]);
    expect(rows.filter((r) => r[0] === bigStore.id).map((r) => [r[3], r[5], r[8], r[9]])).toEqual([
      ['Bread', 'Food', '22.22', '22.22'],
      ['Light bulbs', 'Utilities', '11.11', '11.11'],
      ['Board game', 'Entertainment', '26.67', '26.67'],
      ["Others' shares", 'Food', '', '-22.22'],
      ["Others' shares", 'Utilities', '', taken('Utilities')],
      ["Others' shares", 'Entertainment', '', taken('Entertainment')],
    ]);
    expect(shareByCategory(rows)).toEqual(await analyticsByCategory(c.ana));
    expect(sumOfShares(rows)).toBe(await spent(c.ana));
    // Each receipt's shares come to its share in the receipts CSV.
    const receipts = await csvOf(c.ana);
    const shareOf = (table: string[][], id: string, column: number) =>
      table.filter((r) => r[0] === id).reduce((s, r) => s + Math.round(Number(r[column]) * 100), 0);
    expect(shareOf(rows, bigStore.id, 9)).toBe(shareOf(receipts, bigStore.id, 12));

    const his = await itemsCsvOf(c.ben);
    // His share, 41.11, counts where what it pays for does: the bread, half the bulbs, half the game.
    // What comes off each of her categories above is what his share counts in his.
    expect(his.slice(1).map((r) => r.slice(1))).toEqual([
      [todayUtc(), 'Big Store', 'Shared by Ana', '', 'Food', '60.00', 'USD', '', '22.22'],
      [todayUtc(), 'Big Store', 'Shared by Ana', '', 'Entertainment', '', 'USD', '', hisHalves[1][1]],
      [todayUtc(), 'Big Store', 'Shared by Ana', '', 'Utilities', '', 'USD', '', hisHalves[2][1]],
    ]);
    expect(Number(hisHalves[1][1]) + Number(hisHalves[2][1])).toBeCloseTo(18.89, 2);
    expect(his[1][0]).toBe((await csvOf(c.ben))[1][0]);
    expect(shareByCategory(his)).toEqual(await analyticsByCategory(c.ben));
  });

  it('keeps exactly the columns and fields of today for a person who shares nothing', async () => {
    await sharedGroceries();
    const loner = await t.signUp();
    await ok(loner, 'POST', '/receipts', { store: 'Costco', date: todayUtc(), amount: 100, category: 'Food' });
    const rows = await csvOf(loner);
    expect(rows[0]).toEqual(HEADER);
    expect(rows[1]).toHaveLength(HEADER.length);
    const data = await jsonOf(loner);
    expect(data).not.toHaveProperty('shared_with_me');
    expect(data.receipts[0]).not.toHaveProperty('your_share');
  });

  it('shows nobody another’s receipts that were not shared with them', async () => {
    const { ana, ben } = await sharedGroceries();
    const stranger = await verifiedUser(t, { displayName: 'Cy' });
    await householdsAs(t, stranger).create('Elsewhere');
    const text = JSON.stringify(await jsonOf(stranger));
    expect(text).not.toContain('Costco');
    expect(text).not.toContain('Bakery');
    expect(JSON.stringify(await jsonOf(ben))).not.toContain('Books');
    expect(JSON.stringify(await jsonOf(ana))).not.toContain('Bakery');
  });
});
