import { sql } from 'kysely';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt, bigStoreGroceries, categoryId, todayUtc } from '../receipts/fixtures';
import { parseCsv } from './csvReader';

let t: TestApp;
// Every receipt is today's: this month's analytics by category are what the file is checked against.
let today: string;
beforeAll(async () => {
  t = await startTestApp();
  today = todayUtc();
});
afterAll(() => t?.close());

const HEADER = ['Receipt ID', 'Date', 'Store', 'Item', 'Quantity', 'Category', 'Amount', 'Currency', 'Home amount'];

const get = (user: TestUser, query: string) => t.request(user, { method: 'GET', url: `/api/export?${query}` });
const csvOf = async (user: TestUser, query: string) => {
  const res = await get(user, query);
  expect(res.statusCode).toBe(200);
  return parseCsv(res.body.replace(/^\uFEFF/, ''));
};
const itemsOf = (user: TestUser) => csvOf(user, 'format=csv&rows=items');

/** A column's rows added up in cents, by the key each row gives (a category, a receipt). */
function sums(rows: string[][], column: number, keyOf: (row: string[]) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of rows.slice(1)) if (row[column] !== '') out[keyOf(row)] = (out[keyOf(row)] ?? 0) + Math.round(Number(row[column]) * 100);
  return out;
}

/** This month by category as analytics count it, in cents. */
async function analyticsByCategory(user: TestUser): Promise<Record<string, number>> {
  const res = await t.request(user, { method: 'GET', url: '/api/analytics/breakdown?range=monthly' });
  expect(res.statusCode).toBe(200);
  const categories: Array<{ category: string; amount: number }> = res.json().categories;
  return Object.fromEntries(categories.map((c) => [c.category, Math.round(c.amount * 100)]));
}

describe('GET /api/export?format=csv&rows=items', () => {
  let user: TestUser;
  let other: TestUser;
  let bigStore: string;
  let shoes: string;
  beforeAll(async () => {
    user = await t.signUp();
    other = await t.signUp();
    await addReceipt(t, other, { store: 'Not Yours', date: today, amount: 99, items: [{ name: 'Secret', price: 99 }] });
    bigStore = (await addReceipt(t, user, bigStoreGroceries(today))).id;
    // €30.00 at 1.1: 33.00 at home, its 3.00 of tax over a Food and a Clothing line.
    await addReceipt(t, user, {
      store: 'Marché',
      date: today,
      amount: 30,
      currency: 'EUR',
      rate: 1.1,
      tax: 3,
      category: 'Food',
      items: [
        { name: 'Cheese', price: 12 },
        { name: 'Scarf', price: 15, category: 'Clothing' },
      ],
    });
    shoes = (await addReceipt(t, user, { store: 'Shoe Shop', date: today, amount: 15, category: 'Clothing' })).id;
    await addReceipt(t, user, {
      store: '@SUM(A1)',
      date: today,
      amount: 5,
      category: 'Entertainment',
      items: [
        { name: '=HYPERLINK("http://evil.example","click")', price: 3 },
        { name: 'Plain; with a semicolon', price: 2, category: 'Utilities' },
      ],
    });
  });

  it('writes one row per item with its part of the tax, and a receipt without items as one row', async () => {
    const res = await get(user, 'format=csv&rows=items');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tally-items-${today}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual(HEADER);
    const of = (id: string) => rows.filter((r) => r[0] === id).map((r) => r.slice(1));
    // The tax spread in proportion: 2.22, 1.11 and 2.67 (the odd cent to the largest remainder).
    expect(of(bigStore)).toEqual([
      [today, 'Big Store', 'Bread', '2', 'Food', '22.22', 'USD', '22.22'],
      [today, 'Big Store', 'Light bulbs', '1', 'Utilities', '11.11', 'USD', '11.11'],
      [today, 'Big Store', 'Board game', '3', 'Entertainment', '26.67', 'USD', '26.67'],
    ]);
    expect(of(shoes)).toEqual([[today, 'Shoe Shop', '', '', 'Clothing', '15.00', 'USD', '15.00']]);
    const marche = rows.filter((r) => r[2] === 'Marché');
    expect(marche.map((r) => [r[3], r[5], r[6], r[7]])).toEqual([
      ['Cheese', 'Food', '13.33', 'EUR'],
      ['Scarf', 'Clothing', '16.67', 'EUR'],
    ]);
    expect(marche.reduce((s, r) => s + Math.round(Number(r[8]) * 100), 0)).toBe(3300);
    expect(rows).toHaveLength(1 + 3 + 2 + 1 + 2);
  });

  it("adds up per category to analytics' figures, and per receipt to the receipts CSV, to the cent", async () => {
    const items = await itemsOf(user);
    const receipts = await csvOf(user, 'format=csv');
    expect(sums(items, 8, (r) => r[5])).toEqual(await analyticsByCategory(user));
    // Each receipt's rows come to its row in the receipts CSV: as printed and at home.
    expect(sums(items, 6, (r) => r[0])).toEqual(sums(receipts, 3, (r) => r[0]));
    expect(sums(items, 8, (r) => r[0])).toEqual(sums(receipts, 11, (r) => r[0]));
    // Asking for receipts is the receipts CSV as it always was.
    expect(await csvOf(user, 'format=csv&rows=receipts')).toEqual(receipts);
  });

  it('defuses formulas in item names and stores, and quotes a semicolon', async () => {
    const res = await get(user, 'format=csv&rows=items');
    const rows = parseCsv(res.body.slice(1)).filter((r) => r[2] === "'@SUM(A1)");
    expect(rows.map((r) => r.slice(2, 4))).toEqual([
      ["'@SUM(A1)", '\'=HYPERLINK("http://evil.example","click")'],
      ["'@SUM(A1)", 'Plain; with a semicolon'],
    ]);
    expect(res.body).toContain(',"Plain; with a semicolon",');
  });

  it('never shows another person’s receipts or items', async () => {
    const text = (await get(user, 'format=csv&rows=items')).body;
    expect(text).not.toContain('Not Yours');
    expect(text).not.toContain('Secret');
    const theirs = await itemsOf(other);
    expect(theirs.slice(1).map((r) => r.slice(2, 4))).toEqual([['Not Yours', 'Secret']]);
  });

  it('names the category an item counts in after its own was deleted', async () => {
    const person = await t.signUp();
    await addReceipt(t, person, bigStoreGroceries(today));
    expect((await t.request(person, { method: 'DELETE', url: `/categories/${await categoryId(t, person, 'Entertainment')}` })).statusCode).toBeLessThan(300);
    const rows = await itemsOf(person);
    expect(rows.slice(1).map((r) => [r[3], r[5], r[8]])).toEqual([
      ['Bread', 'Food', '22.22'],
      ['Light bulbs', 'Utilities', '11.11'],
      ['Board game', 'Other', '26.67'],
    ]);
    expect(sums(rows, 8, (r) => r[5])).toEqual(await analyticsByCategory(person));
  });

  it('writes every receipt of a large account once, page by page, items included', async () => {
    const many = await t.signUp();
    const food = await categoryId(t, many, 'Food');
    await sql`INSERT INTO receipts (user_id, store, date, amount_cents, printed_minor, category_id)
      SELECT ${many.uid}, 'Shop ' || n, DATE '2024-01-01' + n, n * 2, n * 2, ${food}::uuid FROM generate_series(1, 1201) AS n`.execute(t.db.db);
    await sql`INSERT INTO receipt_items (receipt_id, position, user_id, name, price_cents, quantity)
      SELECT r.id, p, r.user_id, 'Item ' || p, r.amount_cents / 2, 1 FROM receipts r, generate_series(0, 1) AS p WHERE r.user_id = ${many.uid}`.execute(
      t.db.db,
    );
    const rows = await itemsOf(many);
    expect(rows).toHaveLength(1 + 2 * 1201);
    const ids = rows.slice(1).map((r) => r[0]);
    expect(new Set(ids).size).toBe(1201);
    const receipts = await csvOf(many, 'format=csv');
    expect([...new Set(ids)]).toEqual(receipts.slice(1).map((r) => r[0]));
    expect(sums(rows, 8, () => 'all')).toEqual(sums(receipts, 11, () => 'all'));
  });

  it('answers a 400 and no file for a bad rows value or rows without a CSV', async () => {
    for (const [query, message] of [
      ['format=csv&rows=lines', 'rows must be one of receipts, items'],
      ['format=csv&rows=', 'rows must be one of receipts, items'],
      ['format=json&rows=items', 'rows goes with format=csv: the JSON export holds every receipt with its items'],
      ['rows=items', 'rows goes with format=csv: the JSON export holds every receipt with its items'],
      ['format=json&rows=receipts', 'rows goes with format=csv: the JSON export holds every receipt with its items'],
    ]) {
      const res = await get(user, query);
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json()).toMatchObject({ statusCode: 400, message });
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/export?format=csv&rows=items' })).statusCode).toBe(401);
  });
});
