import { buildApp } from '../../../../src/server/app';
import { openDatabase } from '../../../../src/server/db';
import { createReceiptScanner } from '../../../../src/server/ocr';
import { SCAN_RATE_LIMIT_PER_MINUTE } from '../../../../src/shared/scan';
import { startTestApp, testConfig, type TestApp, type TestUser } from '../../helpers';
import { dataUrl, receiptPng } from './receiptImage';

/**
 * The real scan route: the real scan process, the real auth emulator, a real database. No
 * queue (OCR_MAX_QUEUE=0), so a second scan at the same time is refused at once, which is what
 * the 503 test needs.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OCR_POOL_SIZE: '1', OCR_MAX_QUEUE: '0' });
});
afterAll(() => t?.close());

const URL = '/scan/receipt-base64';

const GROCERY: Array<[string, string?]> = [
  ['CORNER MARKET'],
  ['123 Main Street, Springfield'],
  ['Date: 03/04/2025  10:42'],
  ['Milk', '3.00'],
  ['Bread', '2.49'],
  ['Apples', '4.10'],
  ['SUBTOTAL', '9.59'],
  ['TAX', '0.77'],
  ['TOTAL', '10.36'],
  ['CASH', '20.00'],
  ['CHANGE', '9.64'],
];

const scan = (user: TestUser | null, payload: unknown, headers: Record<string, string> = {}) =>
  t.request(user, { method: 'POST', url: URL, payload: payload as object, headers });

describe('POST /scan/receipt-base64 reads a real receipt image', () => {
  let grocery: Buffer;
  beforeAll(async () => {
    grocery = await receiptPng(GROCERY);
  });

  it('answers the store, date, total, items and the raw text (month first by default)', async () => {
    const user = await t.signUp();
    const res = await scan(user, { image_data: dataUrl(grocery) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.processed_data.store_name).toMatch(/CORNER MARKET/i);
    expect(body.processed_data.date).toBe('2025-03-04');
    expect(body.processed_data.total_amount).toBe(10.36);
    expect(body.processed_data).toMatchObject({ tax: 0.77, tax_included: false, tip: null, discount: null });
    const items = body.processed_data.items as Array<{ name: string; price: number; quantity: number; category: string }>;
    expect(items.map((i) => i.price)).toEqual([3, 2.49, 4.1]);
    expect(items[0].name).toMatch(/milk/i);
    // Spec §9 defaults.
    for (const item of items) expect(item).toMatchObject({ quantity: 1, category: 'food' });
    expect(body.raw_text).toMatch(/TOTAL/);
    // A clean receipt whose arithmetic checks out: the scanner is sure of its total.
    expect(Object.keys(body.confidence).sort()).toEqual(['date', 'store_name', 'total_amount']);
    for (const v of Object.values(body.confidence) as number[]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    expect(body.confidence.total_amount).toBeGreaterThanOrEqual(0.6);
    // No sign of a day-first place and no currency printed; the date was read month first.
    expect(body).toMatchObject({ date_order: 'MDY', suggested_date_order: null, currency: null, store_remembered: false, suggested_category_id: null });
    // What identifies the store: the lines above the first date or amount, letters and digits only.
    expect(body.scan_ref).toMatch(/^corner market 123 main street springfield$/);
    expect(body.raw_text).toMatch(/10\.36/);
  }, 60_000);

  it("reads dates day first when the user's setting says so, and bare base64 too", async () => {
    const user = await t.signUp();
    await t.db.db.updateTable('profiles').set({ date_order: 'DMY' }).where('user_id', '=', user.uid).execute();
    const res = await scan(user, { image_data: grocery.toString('base64') });
    expect(res.statusCode).toBe(200);
    expect(res.json().processed_data.date).toBe('2025-04-03');
  }, 60_000);

  it('lets the request choose the date order', async () => {
    const user = await t.signUp();
    const res = await scan(user, { image_data: dataUrl(grocery), date_order: 'DMY' });
    expect(res.statusCode).toBe(200);
    expect(res.json().processed_data.date).toBe('2025-04-03');
  }, 60_000);

  it('reads the tax, tip and discount a receipt prints, and the tax the form sends is saved with the receipt', async () => {
    const user = await t.signUp();
    const diner = await receiptPng([
      ['HARBOR GRILL'],
      ['Date: 03/04/2025  19:05'],
      ['Burger', '12.00'],
      ['Fries', '4.00'],
      ['Coupon', '-2.00'],
      ['SUBTOTAL', '14.00'],
      ['TAX 8%', '1.12'],
      ['TIP', '2.50'],
      ['TOTAL', '17.62'],
    ]);
    const res = await scan(user, { image_data: dataUrl(diner) });
    expect(res.statusCode).toBe(200);
    const read = res.json().processed_data;
    expect(read).toMatchObject({ total_amount: 17.62, tax: 1.12, tax_included: false, tip: 2.5, discount: 2 });
    const saved = await t.request(user, {
      method: 'POST',
      url: '/receipts',
      payload: {
        store_name: 'Harbor Grill',
        date: read.date,
        total_amount: read.total_amount,
        tax: read.tax,
        currency: 'USD',
        items: read.items.map((i: { name: string; price: number; quantity: number }) => ({ id: null, name: i.name, price: i.price, quantity: i.quantity })),
      },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ amount: 17.62, tax: 1.12 });
    // More tax than the total is refused, as on the form.
    const over = await t.request(user, {
      method: 'POST',
      url: '/receipts',
      payload: { store_name: 'Harbor Grill', date: read.date, total_amount: 1, tax: 1.12, currency: 'USD' },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('tax must not be more than the total_amount ($1.00)');
  }, 60_000);

  it('answers 503 with Retry-After at once when every worker is busy and the queue is full', async () => {
    const [a, b] = [await t.signUp(), await t.signUp()];
    // The order the answers arrive in: a refusal that waited for the busy worker would come last.
    const arrived: number[] = [];
    const sent = (user: TestUser) =>
      scan(user, { image_data: dataUrl(grocery) }).then((res) => {
        arrived.push(res.statusCode);
        return res;
      });
    const [first, second] = await Promise.all([sent(a), sent(b)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 503]);
    const refused = first.statusCode === 503 ? first : second;
    expect(refused.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The receipt scanner is busy. Please try again in a few seconds.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(arrived).toEqual([503, 200]);
  }, 60_000);
});

describe('POST /scan/receipt-base64 refuses what it cannot scan, with a clear message', () => {
  let user: TestUser;
  let png: Buffer;
  beforeAll(async () => {
    png = await receiptPng(GROCERY);
  });
  // A fresh user per test: each is well inside the rate limit.
  beforeEach(async () => {
    user = await t.signUp();
  });

  const expect400 = async (payload: unknown, message: string | RegExp, headers?: Record<string, string>) => {
    const res = await scan(user, payload, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bad Request');
    expect(res.json().message).toMatch(message);
  };

  it('not an image', async () => {
    await expect400(
      { image_data: Buffer.from('hello, this is a text file and not a receipt photo').toString('base64') },
      'image_data must be a JPEG, PNG or WebP image or a PDF',
    );
  });

  it('a data URL declaring another type', async () => {
    await expect400({ image_data: `data:text/plain;base64,${png.toString('base64')}` }, 'image_data must be a JPEG, PNG or WebP image or a PDF');
  });

  it('not base64', async () => {
    await expect400({ image_data: 'data:image/png;base64,this is *not* base64!' }, 'image_data is not valid base64 file data');
  });

  it('truncated base64 (cut mid-character)', async () => {
    const b64 = png.toString('base64');
    // 4k+1 characters can never be whole base64.
    await expect400({ image_data: b64.slice(0, Math.floor(b64.length / 8) * 4 + 1) }, 'image_data is not valid base64 file data');
  });

  it('a truncated image (the upload stopped half way)', async () => {
    await expect400({ image_data: dataUrl(png.subarray(0, Math.floor(png.length / 2))) }, /^The image could not be decoded/);
  }, 30_000);

  it('an empty body', async () => {
    await expect400(undefined, 'Request body must be an object');
    await expect400('', 'The request body is empty but JSON was declared', { 'content-type': 'application/json' });
  });

  it('a missing or empty field, or an unknown one', async () => {
    await expect400({}, 'image_data is required');
    await expect400({ image_data: '' }, 'image_data must not be empty');
    await expect400({ image_data: dataUrl(png), date_order: 'YMD' }, 'date_order must be one of MDY, DMY');
    await expect400({ image_data: dataUrl(png), extra: 1 }, 'Unknown field: extra');
  });

  it('an image over 8 MB answers 413, whether or not the body fits the limit', async () => {
    const tooLarge = 'The image is too large. Choose an image of at most 8 MB.';
    // 8.5 MB that starts like a PNG: refused for its size before anything decodes it.
    const big = Buffer.concat([png.subarray(0, 16), Buffer.alloc(8.5 * 1024 * 1024, 7)]);
    const res = await scan(user, { image_data: dataUrl(big) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ statusCode: 413, error: 'Payload Too Large', message: tooLarge });
    // 10 MB: its base64 is over the route's body limit.
    const huge = Buffer.concat([png.subarray(0, 16), Buffer.alloc(10 * 1024 * 1024, 7)]);
    const res2 = await scan(user, { image_data: dataUrl(huge) });
    expect(res2.statusCode).toBe(413);
    expect(res2.json().message).toBe(tooLarge);
  });

  it('needs a signed-in user', async () => {
    const res = await scan(null, { image_data: dataUrl(png) });
    expect(res.statusCode).toBe(401);
  });
});

describe('per-user rate limit', () => {
  it("answers 429 with Retry-After past the limit, and one user's limit leaves another's alone", async () => {
    const [first, second] = [await t.signUp(), await t.signUp()];
    // Requests that cost no OCR still count: the limit is taken before the body is read.
    const cheap = { image_data: 'not-an-image' };
    for (let i = 0; i < SCAN_RATE_LIMIT_PER_MINUTE; i++) expect((await scan(first, cheap)).statusCode).toBe(400);
    const limited = await scan(first, cheap);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(limited.json().message).toMatch(/^Too many scans\. Please wait .+ before scanning another receipt\.$/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const other = await scan(second, cheap);
    expect(other.statusCode).toBe(400);
  });
});

describe('the OCR plugin', () => {
  it('uses an injected scanner and leaves it open when the app closes (its owner closes it)', async () => {
    const scanner = await createReceiptScanner({ maxQueue: 1 });
    const handle = await openDatabase({ databaseUrl: null, pgliteDir: null });
    try {
      const app = await buildApp(testConfig(), { db: handle, scanner });
      await app.ready();
      expect(await app.receiptScanner.get()).toBe(scanner);
      await app.close();
      const png = await receiptPng([['TOTAL', '1.00']]);
      const result = await scanner.scan(png, { dateOrder: 'MDY' });
      expect(result.processed_data.total_amount).toBe(1);
    } finally {
      await scanner.close();
      await handle.close();
    }
  }, 60_000);
});
