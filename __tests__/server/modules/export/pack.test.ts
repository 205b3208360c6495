import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt, categoryId, dataUrl, JPEG_BYTES, PNG_BYTES, UNKNOWN_ID } from '../receipts/fixtures';
import { zipEntries } from '../../zip/zipEntries';
import { parseCsv } from './csvReader';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const packAs = (user: TestUser, query: string) => t.request(user, { method: 'GET', url: `/api/export/pack?${query}` });

/** The bytes the API serves as a receipt's original (its signed image link). */
async function originalBytes(imageUrl: string): Promise<Buffer> {
  const link = new URL(imageUrl, 'http://localhost');
  const res = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** The pack's CSV rows (header first) and its files by name. */
async function openPack(res: { statusCode: number; rawPayload: Buffer; body: string }) {
  expect(res.statusCode).toBe(200);
  const files = await zipEntries(res.rawPayload);
  const csv = files.get('receipts.csv')!.toString('utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return { rows: parseCsv(csv.slice(1)), files };
}

const HEADER = [
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
  'Original',
];

describe('GET /api/export/pack', () => {
  let user: TestUser;
  let other: TestUser;
  let cafe: { id: string; imageUrl: string | null };
  let market: { id: string; imageUrl: string | null };
  let bus: { id: string };
  beforeAll(async () => {
    user = await t.signUp();
    other = await t.signUp();
    // The other person's receipts share the days and the words: none may reach the pack.
    await addReceipt(t, other, { store: 'Café Mondial', date: '2025-03-04', amount: 99, imageData: dataUrl(PNG_BYTES) });
    cafe = await addReceipt(t, user, {
      store: 'Café Mondial / "Zürich"',
      date: '2025-03-04',
      amount: 12.5,
      category: 'Food',
      items: [{ name: 'Soup', price: 12.5 }],
      imageData: dataUrl(PNG_BYTES),
    });
    market = await addReceipt(t, user, {
      store: '../../etc/passwd',
      date: '2025-01-01',
      amount: -5,
      category: 'Food',
      imageData: dataUrl(JPEG_BYTES, 'image/jpeg'),
    });
    bus = await addReceipt(t, user, { store: 'City Bus', date: '2025-12-31', amount: 2.75, category: 'Transportation' });
    await addReceipt(t, user, { store: 'Last Year', date: '2024-12-31', amount: 7, imageData: dataUrl(PNG_BYTES) });
    await addReceipt(t, user, { store: 'Next Year', date: '2026-01-01', amount: 8, imageData: dataUrl(PNG_BYTES) });
  });

  it('packs a year: one CSV row per receipt, oldest first, and every original byte for byte under a safe name', async () => {
    const res = await packAs(user, 'from=2025-01-01&to=2025-12-31');
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="tally-receipts-2025-01-01-2025-12-31.zip"');
    expect(res.headers['cache-control']).toBe('no-store');
    const { rows, files } = await openPack(res);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).map((r) => r[0])).toEqual([market.id, cafe.id, bus.id]);
    const [, marketRow, cafeRow, busRow] = rows;
    expect(cafeRow.slice(1, 12)).toEqual(['2025-03-04', 'Café Mondial / "Zürich"', '12.50', 'Food', '', '', '', '1', 'USD', '', '12.50']);
    expect(cafeRow[12]).toBe(`originals/2025-03-04_Cafe-Mondial-Zurich_12.50_${cafe.id}.png`);
    expect(marketRow[12]).toBe(`originals/2025-01-01_etc-passwd_-5.00_${market.id}.jpg`);
    expect(busRow[12]).toBe('');
    expect([...files.keys()].sort()).toEqual(['receipts.csv', cafeRow[12], marketRow[12]].sort());
    expect(files.get(cafeRow[12])!.equals(await originalBytes(cafe.imageUrl!))).toBe(true);
    expect(files.get(marketRow[12])!.equals(await originalBytes(market.imageUrl!))).toBe(true);
  });

  it('keeps to one category, by id or name, and to a search', async () => {
    const food = await categoryId(t, user, 'Food');
    const byId = await openPack(await packAs(user, `from=2025-01-01&to=2025-12-31&category_id=${food}`));
    expect(byId.rows.slice(1).map((r) => r[0])).toEqual([market.id, cafe.id]);
    const byName = await openPack(await packAs(user, 'from=2025-01-01&to=2025-12-31&category_id=transportation'));
    expect(byName.rows.slice(1).map((r) => r[0])).toEqual([bus.id]);
    expect([...byName.files.keys()]).toEqual(['receipts.csv']);
    const searched = await openPack(await packAs(user, 'from=2025-01-01&to=2025-12-31&q=soup'));
    expect(searched.rows.slice(1).map((r) => r[0])).toEqual([cafe.id]);
    expect(searched.files.size).toBe(2);
  });

  it('packs a single day, and answers just the header when nothing matches', async () => {
    const day = await openPack(await packAs(user, 'from=2025-03-04&to=2025-03-04'));
    expect(day.rows.slice(1).map((r) => r[0])).toEqual([cafe.id]);
    const none = await openPack(await packAs(user, 'from=2020-01-01&to=2020-12-31'));
    expect(none.rows).toEqual([HEADER]);
    expect([...none.files.keys()]).toEqual(['receipts.csv']);
    const stranger = await t.signUp();
    expect((await openPack(await packAs(stranger, 'from=2025-01-01&to=2025-12-31'))).rows).toEqual([HEADER]);
  });

  it.each([
    ['from=2025-12-31&to=2025-01-01', 400, 'from must not be after to'],
    ['from=2025-02-30&to=2025-03-01', 400, 'from is not a calendar day (YYYY-MM-DD): 2025-02-30'],
    ['from=2025-01-01&to=2025-13-01', 400, 'to is not a calendar day (YYYY-MM-DD): 2025-13-01'],
    ['from=2025-1-1&to=2025-12-31', 400, 'from is not a calendar day (YYYY-MM-DD): 2025-1-1'],
    ['from=2025-01-01&to=2025-12-31T00', 400, 'to must be at most 10 characters'],
    ['to=2025-12-31', 400, 'from is required'],
    [`from=2025-01-01&to=2025-12-31&category_id=${UNKNOWN_ID}`, 404, 'Category not found'],
  ])('refuses %s with a clear reason', async (query, status, message) => {
    const res = await packAs(user, query);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it("answers 404 for another person's category, and 401 without a token", async () => {
    const theirs = await categoryId(t, other, 'Food');
    const res = await packAs(user, `from=2025-01-01&to=2025-12-31&category_id=${theirs}`);
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/export/pack?from=2025-01-01&to=2025-12-31' })).statusCode).toBe(401);
  });

  describe('a pack past the list page size', () => {
    let many: TestUser;
    beforeAll(async () => {
      many = await t.signUp();
      const other = await categoryId(t, many, 'Other');
      // Each original different, stored through the blob store as an upload's would be.
      const keys: string[] = [];
      for (let n = 1; n <= 520; n++) keys.push(await t.app.blobs.put(many.uid, Buffer.from(`original number ${n}`), n % 2 ? 'image/png' : 'application/pdf'));
      await sql`INSERT INTO receipts (user_id, store, date, amount_cents, printed_minor, category_id, image_key)
        SELECT ${many.uid}, 'Shop ' || n, DATE '2024-01-01' + (n % 300), n, n, ${other}::uuid, ${JSON.stringify(keys)}::jsonb ->> (n - 1)
        FROM generate_series(1, 520) AS n`.execute(t.db.db);
    });

    it('holds every receipt once and every original byte for byte', async () => {
      const { rows, files } = await openPack(await packAs(many, 'from=2024-01-01&to=2024-12-31'));
      expect(rows).toHaveLength(521);
      expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(520);
      expect(files.size).toBe(521);
      const byStore = new Map(rows.slice(1).map((r) => [r[2], r[12]]));
      for (let n = 1; n <= 520; n++) {
        const name = byStore.get(`Shop ${n}`)!;
        expect(name).toMatch(new RegExp(`^originals/2024-\\d\\d-\\d\\d_Shop-${n}_\\d+\\.\\d\\d_[0-9a-f-]{36}\\.${n % 2 ? 'png' : 'pdf'}$`));
        expect(files.get(name)!.toString()).toBe(`original number ${n}`);
      }
    });

    it('goes on answering after a client leaves halfway through a pack', async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      // Takes the first chunk of the answer, then hangs up.
      const firstChunk = await new Promise<number>((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port, path: '/api/export/pack?from=2024-01-01&to=2024-12-31', agent: false, headers: { authorization: `Bearer ${many.token}` } },
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
      const again = await openPack(await packAs(many, 'from=2024-01-01&to=2024-12-31'));
      expect(again.files.size).toBe(521);
      expect((await packAs(user, 'from=2025-01-01&to=2025-12-31')).statusCode).toBe(200);
    });
  });
});
