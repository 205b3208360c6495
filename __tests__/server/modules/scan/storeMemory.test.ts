import { sql } from 'kysely';
import type { Receipt } from '../../../../src/shared/receipts';
import type { ScanReceiptResult } from '../../../../src/shared/scan';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { dataUrl, receiptPng } from './receiptImage';

/**
 * Tally learns from corrections: real OCR of a real image, a real database and auth emulator.
 * The person saves the scan under their own store name and category; the next scan of the same
 * receipt proposes both, for that person only.
 */
let t: TestApp;
let image: string;
beforeAll(async () => {
  t = await startTestApp({ OCR_POOL_SIZE: '1' });
  image = dataUrl(
    await receiptPng([
      ['HARBOUR DELI AND CO'],
      ['45 Quay Road, Portside'],
      ['Date: 14/05/2025  12:10'],
      ['Soup', '6.50'],
      ['Bread roll', '1.50'],
      ['TOTAL RM', '8.00'],
    ]),
  );
});
afterAll(() => t?.close());

const scan = async (user: TestUser): Promise<ScanReceiptResult> => {
  const res = await t.request(user, { method: 'POST', url: '/scan/receipt-base64', payload: { image_data: image } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const save = (user: TestUser, read: ScanReceiptResult, fields: { store_name: string; category?: string; scan_ref?: unknown }) =>
  t.request(user, {
    method: 'POST',
    url: '/receipts',
    payload: {
      date: read.processed_data.date ?? '2025-05-14',
      total_amount: read.processed_data.total_amount ?? 8,
      items: read.processed_data.items.map((i) => ({ id: null, name: i.name, price: i.price, quantity: i.quantity, category: i.category })),
      is_shared: false,
      shared_expenses: [],
      scan_ref: read.scan_ref,
      ...fields,
    },
  });

const categoryId = async (user: TestUser, name: string): Promise<string> => {
  const res = await t.request(user, { method: 'GET', url: '/categories' });
  const found = (res.json() as Array<{ _id: string; name: string }>).find((c) => c.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found._id;
};

const memoryRows = async (uid: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM store_memory WHERE user_id = ${uid}`.execute(t.db.db)).rows[0].n;

describe('the scan remembers the store name and category a person saved', () => {
  it('scan, correct and save; the second scan answers the corrected name and category; another user gets nothing', async () => {
    const [ana, ben] = [await t.signUp(), await t.signUp()];
    const first = await scan(ana);
    // What the OCR read is not what Ana calls the store.
    expect(first.processed_data.store_name).toMatch(/HARBOUR DELI/i);
    expect(first).toMatchObject({ store_remembered: false, suggested_category_id: null, currency: 'RM', suggested_date_order: 'DMY' });
    expect(first.scan_ref).toMatch(/^harbour deli and co 45 quay road portside$/);

    const entertainment = await categoryId(ana, 'Entertainment');
    const saved = await save(ana, first, { store_name: 'Harbour Deli', category: entertainment });
    expect(saved.statusCode).toBe(201);
    expect((saved.json() as Receipt).store).toBe('Harbour Deli');

    const second = await scan(ana);
    expect(second.processed_data.store_name).toBe('Harbour Deli');
    expect(second.suggested_category_id).toBe(entertainment);
    expect(second.store_remembered).toBe(true);
    expect(second.confidence.store_name).toBeGreaterThanOrEqual(0.9);
    expect(second.confidence.store_name).toBeLessThanOrEqual(1);
    // The items are proposed in that category too.
    expect(second.processed_data.items.length).toBeGreaterThan(0);
    for (const item of second.processed_data.items) expect(item.category).toBe('entertainment');

    // Ben scans the very same receipt: Ana's memory is hers alone.
    const other = await scan(ben);
    expect(other.processed_data.store_name).toMatch(/HARBOUR DELI/i);
    expect(other.processed_data.store_name).not.toBe('Harbour Deli');
    expect(other).toMatchObject({ store_remembered: false, suggested_category_id: null });
    expect(other.confidence.store_name).toBe(first.confidence.store_name);
  }, 120_000);

  it('a later correction replaces the earlier one; a deleted category is no longer proposed; the account deletion removes the memory', async () => {
    const user = await t.signUp();
    const read = await scan(user);
    expect((await save(user, read, { store_name: 'Deli One', category: await categoryId(user, 'Utilities') })).statusCode).toBe(201);
    // The same header with a misread letter updates the same entry.
    const misread = read.scan_ref.replace('harbour', 'harb0ur');
    expect((await save(user, read, { store_name: 'The Harbour Deli', scan_ref: misread, category: await categoryId(user, 'Clothing') })).statusCode).toBe(201);
    expect(await memoryRows(user.uid)).toBe(1);

    const { rows } = await sql<{ store_name: string }>`SELECT store_name FROM store_memory WHERE user_id = ${user.uid}`.execute(t.db.db);
    expect(rows[0].store_name).toBe('The Harbour Deli');

    const clothing = await categoryId(user, 'Clothing');
    expect((await t.request(user, { method: 'DELETE', url: `/categories/${clothing}` })).statusCode).toBeLessThan(300);
    const again = await scan(user);
    expect(again.processed_data.store_name).toBe('The Harbour Deli');
    expect(again.suggested_category_id).toBeNull();

    const deleted = await t.request(user, { method: 'DELETE', url: '/api/account', payload: { confirm: user.email } });
    expect(deleted.statusCode).toBe(204);
    expect(await memoryRows(user.uid)).toBe(0);
  }, 120_000);

  it('a save without a scan_ref, or with an empty one, remembers nothing', async () => {
    const user = await t.signUp();
    const read = { processed_data: { date: '2025-05-14', total_amount: 8, items: [] }, scan_ref: '' } as unknown as ScanReceiptResult;
    expect((await save(user, read, { store_name: 'Typed In' })).statusCode).toBe(201);
    expect((await save(user, read, { store_name: 'Typed In', scan_ref: undefined })).statusCode).toBe(201);
    expect(await memoryRows(user.uid)).toBe(0);
  });

  it('a bad scan_ref is a clear 400 and saves nothing', async () => {
    const user = await t.signUp();
    const read = { processed_data: { date: '2025-05-14', total_amount: 8, items: [] }, scan_ref: '' } as unknown as ScanReceiptResult;
    for (const bad of ['x'.repeat(201), 'Upper Case', 'drop table;', 42]) {
      const res = await save(user, read, { store_name: 'Never', scan_ref: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/scan_ref/);
    }
    expect((await t.request(user, { method: 'GET', url: '/receipts' })).json()).toEqual([]);
    expect(await memoryRows(user.uid)).toBe(0);
  });
});
