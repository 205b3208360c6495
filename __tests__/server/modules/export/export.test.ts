import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt, dataUrl, todayUtc } from '../receipts/fixtures';
import { photo } from '../avatar/upload';
import { parseCsv } from './csvReader';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const exportAs = (user: TestUser, format?: string) => t.request(user, { method: 'GET', url: `/api/export${format ? `?format=${format}` : ''}` });

describe('GET /api/export', () => {
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    user = await t.signUp({ displayName: 'Export Me' });
    other = await t.signUp();
    await addReceipt(t, other, { store: 'Not Yours', amount: 99 });
    await addReceipt(t, user, {
      store: 'Joe\'s "Diner", Inc.',
      date: '2025-03-04',
      amount: 12.5,
      category: 'Food',
      description: 'Lunch\nwith Sam',
      paymentMethod: 'Card',
      tax: 1.05,
      items: [
        { name: 'Soup', price: 4.5 },
        { name: 'Bread', price: 2, quantity: 4 },
      ],
      imageData: dataUrl(await photo('png', 20, 20)),
    });
    await addReceipt(t, user, {
      store: '=HYPERLINK("http://evil.example","click")',
      date: '2025-03-03',
      amount: 3,
      description: '+1+cmd|calc',
      paymentMethod: '@SUM(A1)',
    });
    await addReceipt(t, user, { store: 'Refund Shop', date: '2025-03-02', amount: -5, description: '-2+3', category: 'Clothing' });
  });

  it('downloads one CSV row per receipt, RFC 4180 quoted, with formulas defused', async () => {
    const res = await exportAs(user, 'csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tally-receipts-${todayUtc()}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);

    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      'ID',
      'Date',
      'Store',
      'Amount',
      'Category',
      'Description',
      'Payment method',
      'Tax',
      'Item count',
      'Currency',
      'Rate',
      'Home amount',
    ]);
    expect(rows).toHaveLength(4);
    const [, diner, formula, refund] = rows;
    expect(diner.slice(1)).toEqual(['2025-03-04', 'Joe\'s "Diner", Inc.', '12.50', 'Food', 'Lunch\nwith Sam', 'Card', '1.05', '2', 'USD', '', '12.50']);
    expect(diner[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(formula.slice(1)).toEqual([
      '2025-03-03',
      '\'=HYPERLINK("http://evil.example","click")',
      '3.00',
      'Other',
      "'+1+cmd|calc",
      "'@SUM(A1)",
      '',
      '0',
      'USD',
      '',
      '3.00',
    ]);
    // A refund stays a number; text that only looks like arithmetic is defused.
    expect(refund.slice(1)).toEqual(['2025-03-02', 'Refund Shop', '-5.00', 'Clothing', "'-2+3", '', '', '0', 'USD', '', '-5.00']);
    expect(res.body).not.toContain('Not Yours');
    // The raw text: quotes doubled inside a quoted field.
    expect(res.body).toContain('"Joe\'s ""Diner"", Inc."');
  });

  it('quotes a field with a semicolon, so a spreadsheet that splits on it keeps one text cell', async () => {
    const semi = await t.signUp();
    await addReceipt(t, semi, { store: 'Shop;=1+1', description: 'a;b' });
    const body = (await exportAs(semi, 'csv')).body;
    expect(body).toContain(',"Shop;=1+1",');
    expect(body).toContain(',"a;b",');
    expect(parseCsv(body.slice(1))[1][2]).toBe('Shop;=1+1');
  });

  it('downloads everything as JSON: profile, settings, categories and receipts with items', async () => {
    await t.request(user, { method: 'PUT', url: '/api/settings', payload: { date_order: 'DMY' } });
    const res = await exportAs(user, 'json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tally-data-${todayUtc()}.json"`);
    const data = res.json();
    expect(data.profile).toMatchObject({ user_id: user.uid, email: user.email, display_name: 'Export Me' });
    expect(data.settings).toEqual({ date_order: 'DMY', theme: 'system', home_currency: 'USD', time_zone: null });
    expect(data.categories.map((c: { name: string }) => c.name).sort()).toEqual(['Clothing', 'Entertainment', 'Food', 'Other', 'Transportation', 'Utilities']);
    expect(data.receipts.map((r: { store: string }) => r.store)).toEqual(['Joe\'s "Diner", Inc.', '=HYPERLINK("http://evil.example","click")', 'Refund Shop']);
    expect(data.receipts[0]).toMatchObject({
      date: '2025-03-04',
      amount: 12.5,
      category: 'Food',
      description: 'Lunch\nwith Sam',
      paymentMethod: 'Card',
      tax: 1.05,
      items: [
        { name: 'Soup', price: 4.5, quantity: 1 },
        { name: 'Bread', price: 2, quantity: 4 },
      ],
    });
    // Short-lived image links would be dead in a saved file.
    expect(data.receipts[0]).not.toHaveProperty('imageUrl');
    expect(Date.parse(data.exported_at)).not.toBeNaN();
    expect(JSON.stringify(data)).not.toContain('Not Yours');
  });

  it('answers JSON when no format is given', async () => {
    const res = await exportAs(user);
    expect(res.statusCode).toBe(200);
    expect(res.json().receipts).toHaveLength(3);
  });

  it('exports just the header for a user without receipts', async () => {
    const fresh = await t.signUp();
    const res = await exportAs(fresh, 'csv');
    expect(res.body).toBe('\uFEFFID,Date,Store,Amount,Category,Description,Payment method,Tax,Item count,Currency,Rate,Home amount\r\n');
  });

  it('exports every receipt, past the list page size, each once', async () => {
    const many = await t.signUp();
    const categoryId = (await t.request(many, { method: 'GET', url: '/categories' })).json()[0]._id as string;
    await sql`INSERT INTO receipts (user_id, store, date, amount_cents, printed_minor, category_id)
      SELECT ${many.uid}, 'Shop ' || n, DATE '2024-01-01' + n, n, n, ${categoryId}::uuid FROM generate_series(1, 1001) AS n`.execute(t.db.db);
    const data = (await exportAs(many, 'json')).json();
    expect(data.receipts).toHaveLength(1001);
    expect(new Set(data.receipts.map((r: { id: string }) => r.id)).size).toBe(1001);
    const csv = parseCsv((await exportAs(many, 'csv')).body.slice(1));
    expect(csv).toHaveLength(1002);
  });

  it('writes a large account page by page in the list order, ties on one day and one moment included', async () => {
    const many = await t.signUp();
    const categoryId = (await t.request(many, { method: 'GET', url: '/categories' })).json()[0]._id as string;
    // One statement: all share created_at, and 700 share a date, so only the id orders those.
    await sql`INSERT INTO receipts (user_id, store, date, amount_cents, printed_minor, category_id)
      SELECT ${many.uid}, 'Shop ' || n, CASE WHEN n <= 700 THEN DATE '2025-06-01' ELSE DATE '2024-01-01' + n END, n, n, ${categoryId}::uuid
      FROM generate_series(1, 1600) AS n`.execute(t.db.db);
    const res = await exportAs(many, 'json');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const exported = res.json().receipts.map((r: { id: string }) => r.id);
    const listed: string[] = [];
    for (let offset = 0; offset < 1600; offset += 500) {
      const page = await t.request(many, { method: 'GET', url: `/receipts?limit=500&offset=${offset}` });
      listed.push(...page.json().map((r: { id: string }) => r.id));
    }
    expect(exported).toEqual(listed);
    const csvIds = parseCsv((await exportAs(many, 'csv')).body.slice(1))
      .slice(1)
      .map((row) => row[0]);
    expect(csvIds).toEqual(listed);
  });

  it.each(['format=json', 'format=csv&rows=items'])('goes on answering after a client leaves halfway through an export (%s)', async (query) => {
    const many = await t.signUp();
    const categoryId = (await t.request(many, { method: 'GET', url: '/categories' })).json()[0]._id as string;
    await sql`INSERT INTO receipts (user_id, store, date, amount_cents, printed_minor, category_id)
      SELECT ${many.uid}, 'Shop ' || n, DATE '2024-01-01' + n, n, n, ${categoryId}::uuid FROM generate_series(1, 1500) AS n`.execute(t.db.db);
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    // Takes the first chunk of the answer, then hangs up.
    const firstChunk = await new Promise<number>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: `/api/export?${query}`, agent: false, headers: { authorization: `Bearer ${many.token}` } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(res.statusCode === 200 ? chunk.length : -1);
          });
        },
      );
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    });
    expect(firstChunk).toBeGreaterThan(0);
    // The same person, and anyone else, are answered as before.
    expect((await exportAs(many, 'csv')).statusCode).toBe(200);
    expect((await exportAs(user, 'json')).statusCode).toBe(200);
  });

  it('refuses an unknown format', async () => {
    const res = await exportAs(user, 'xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('format must be one of csv, json');
  });

  it('answers 404 without a profile and 401 without a token', async () => {
    const unregistered = await t.signUp({ register: false });
    expect((await exportAs(unregistered, 'csv')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/export?format=csv' })).statusCode).toBe(401);
  });
});
