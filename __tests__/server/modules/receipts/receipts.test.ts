import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { storedImages } from '../../blobs/stored';
import { addReceipt, categoryId, dataUrl, daysAgo, JPEG_BYTES, PNG_BYTES, todayUtc, UNKNOWN_ID, WEBP_BYTES } from './fixtures';
import { addDays } from '../../../../src/shared/calendar';
import { ReceiptService } from '../../../../src/server/modules/receipts/service';
import type { ReceiptBatch, ReceiptListener } from '../../../../src/server/modules/receipts/events';
import { receiptListeners } from '../../../../src/server/moduleWiring';
import { clockOf } from '../../../../src/server/clock';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const receiptCount = async (user: TestUser) =>
  Number(
    (
      await t.db.db
        .selectFrom('receipts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', user.uid)
        .executeTakeFirstOrThrow()
    ).n,
  );
const list = (user: TestUser, query = '') => t.request(user, { method: 'GET', url: `/receipts${query}` });

const scanPayload = (over: Record<string, unknown> = {}) => ({
  store_name: 'FreshMart',
  date: '2026-03-14T09:30:00.000Z',
  total_amount: 23.45,
  items: [
    { id: null, name: 'Bread', price: 3.2, quantity: 2, category: 'food', assigned_to: null, shared_with: [] },
    { id: null, name: 'Cheese', price: 17.05, category: 'food', assigned_to: null, shared_with: [] },
  ],
  image_url: dataUrl(JPEG_BYTES, 'image/jpeg'),
  is_shared: false,
  shared_expenses: [],
  ...over,
});

describe('POST /receipts', () => {
  it('saves the scan payload: calendar date, defaults, inferred category, image in the blob store', async () => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'POST', url: '/receipts', payload: scanPayload() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      store: 'FreshMart',
      date: '2026-03-14',
      amount: 23.45,
      category: 'Food',
      description: '',
      paymentMethod: '',
      tax: null,
      items: [
        { name: 'Bread', price: 3.2, quantity: 2 },
        { name: 'Cheese', price: 17.05, quantity: 1 },
      ],
    });
    expect(body.categoryId).toBe(await categoryId(t, user, 'Food'));
    expect(body.imageUrl).toMatch(new RegExp(`/blobs/receipts/${user.uid}/[0-9a-f-]{36}\\.jpg\\?exp=\\d+&sig=`));
    // The database holds a key, never the bytes.
    const row = await t.db.db.selectFrom('receipts').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row.image_key).toMatch(/^[^/]+\/[0-9a-f-]{36}\.jpg$/);
    expect(await storedImages(t, user.uid)).toHaveLength(1);
    const got = await t.request(user, { method: 'GET', url: `/receipts/${body.id}` });
    expect(got.json()).toEqual(body);
  });

  it('saves the manual form: category by name in any case or by id, Other by default, refunds negative', async () => {
    const user = await t.signUp();
    const a = await t.request(user, {
      method: 'POST',
      url: '/receipts',
      payload: {
        store: ' Cafe ',
        date: '2026-05-01',
        amount: 4.5,
        category: 'food',
        description: 'Coffee',
        paymentMethod: 'card',
        tax: 0.36,
        items: [{ name: 'Latte', price: 4.5 }],
      },
    });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      store: 'Cafe',
      category: 'Food',
      description: 'Coffee',
      paymentMethod: 'card',
      tax: 0.36,
      items: [{ name: 'Latte', price: 4.5, quantity: 1 }],
      imageUrl: null,
    });
    const utilities = await categoryId(t, user, 'Utilities');
    expect((await addReceipt(t, user, { category: utilities })).category).toBe('Utilities');
    expect((await addReceipt(t, user, {})).category).toBe('Other');
    const refund = await addReceipt(t, user, { amount: -12.99 });
    expect((await t.request(user, { method: 'GET', url: `/receipts/${refund.id}` })).json().amount).toBe(-12.99);
  });

  it('accepts PNG and WebP images and a scan without image', async () => {
    const user = await t.signUp();
    expect((await t.request(user, { method: 'POST', url: '/receipts', payload: scanPayload({ image_url: dataUrl(PNG_BYTES) }) })).json().imageUrl).toContain(
      '.png?',
    );
    expect(
      (await t.request(user, { method: 'POST', url: '/receipts', payload: scanPayload({ image_url: dataUrl(WEBP_BYTES, 'image/webp') }) })).json().imageUrl,
    ).toContain('.webp?');
    const bare = await t.request(user, { method: 'POST', url: '/receipts', payload: scanPayload({ image_url: PNG_BYTES.toString('base64') }) });
    expect(bare.json().imageUrl).toContain('.png?');
    const none = await t.request(user, { method: 'POST', url: '/receipts', payload: scanPayload({ image_url: null, items: [] }) });
    expect(none.statusCode).toBe(201);
    expect(none.json()).toMatchObject({ imageUrl: null, items: [], category: 'Other' });
  });

  const manual = { store: 'Shop', date: '2026-01-10', amount: 5 };
  const longName = 'x'.repeat(201);
  const latest = addDays(todayUtc(), 366);
  it.each([
    ['an empty body', {}, 'store is required'],
    ['no date', { store: 'Shop', amount: 5 }, 'date is required'],
    ['no amount', { store: 'Shop', date: '2026-01-10' }, 'amount is required'],
    ['a blank store', { ...manual, store: '   ' }, 'store is not in the expected format'],
    ['a string amount', { ...manual, amount: '5' }, 'amount must be a number'],
    ['three decimals', { ...manual, amount: 1.234 }, 'amount must have at most two decimals'],
    ['a zero amount', { ...manual, amount: 0 }, 'amount must not be zero'],
    ['a huge amount', { ...manual, amount: 10_000_001 }, 'amount must be at most 10000000'],
    ['February 30th', { ...manual, date: '2026-02-30' }, 'date is not a real calendar date: 2026-02-30'],
    ['a word for a date', { ...manual, date: 'yesterday' }, 'date must be a date written YYYY-MM-DD, such as 2026-03-14'],
    ['a date before 1970', { ...manual, date: '1969-12-31' }, `date must be between 1970-01-01 and ${latest}`],
    ['a date over a year ahead', { ...manual, date: addDays(latest, 1) }, `date must be between 1970-01-01 and ${latest}`],
    ['an unknown category', { ...manual, category: 'Groceries' }, 'Unknown category: Groceries'],
    ['an unknown category id', { ...manual, category: UNKNOWN_ID }, `Unknown category: ${UNKNOWN_ID}`],
    ['a negative tax', { ...manual, tax: -1 }, 'tax must be at least 0'],
    ['a three-decimal tax', { ...manual, tax: 0.125 }, 'tax must have at most two decimals'],
    ['a tax larger than the amount', { ...manual, tax: 50 }, 'tax must not be more than the amount ($5.00)'],
    ['a refund with more tax than came back', { ...manual, amount: -5, tax: 5.01 }, 'tax must not be more than the amount ($5.00)'],
    ['too many items', { ...manual, items: Array.from({ length: 201 }, () => ({ name: 'a', price: 1 })) }, 'items has too many entries (at most 200)'],
    ['a long item name', { ...manual, items: [{ name: longName, price: 1 }] }, 'items.0.name must be at most 200 characters'],
    ['a zero quantity', { ...manual, items: [{ name: 'a', price: 1, quantity: 0 }] }, 'items.0.quantity must be greater than 0'],
    [
      'a three-decimal price',
      {
        ...manual,
        items: [
          { name: 'a', price: 1, quantity: 1 },
          { name: 'b', price: 0.001 },
        ],
      },
      'items.1.price must have at most two decimals',
    ],
    ['an unknown field', { ...manual, owner: 'x' }, 'Unknown field: owner'],
    ['scan: no total', { store_name: 'S', date: '2026-01-01' }, 'total_amount is required'],
    ['scan: three decimals', { ...scanPayload(), total_amount: 1.005 }, 'total_amount must have at most two decimals'],
    ['scan: a bad date', { ...scanPayload(), date: '2026-13-01T00:00:00Z' }, 'date is not a real calendar date: 2026-13-01'],
    [
      'scan: a non-image data URL',
      { ...scanPayload(), image_url: `data:image/png;base64,${Buffer.from('<svg></svg>').toString('base64')}` },
      'image_url must be a JPEG, PNG or WebP image or a PDF',
    ],
    ['scan: a web URL', { ...scanPayload(), image_url: 'https://example.com/a.png' }, 'image_url must be a data URL of a JPEG, PNG or WebP image or a PDF'],
    ['scan: broken base64', { ...scanPayload(), image_url: 'data:image/png;base64,@@@' }, 'image_url is not valid base64 file data'],
    [
      'manual: a non-image',
      { ...manual, imageData: `data:text/plain;base64,${Buffer.from('hello').toString('base64')}` },
      'imageData must be a JPEG, PNG or WebP image or a PDF',
    ],
  ])('answers 400 for %s and saves nothing', async (_name, payload, message) => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'POST', url: '/receipts', payload });
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    expect(await receiptCount(user)).toBe(0);
    expect(await storedImages(t, user.uid)).toHaveLength(0);
  });

  it('answers 413 for an image over 8 MB, and for a body over the route limit', async () => {
    const user = await t.signUp();
    const big = Buffer.concat([JPEG_BYTES, Buffer.alloc(8 * 1024 * 1024 + 10)]);
    const res = await t.request(user, { method: 'POST', url: '/receipts', payload: scanPayload({ image_url: dataUrl(big, 'image/jpeg') }) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The image is too large. Choose an image of at most 8 MB.');
    const huge = await t.request(user, { method: 'POST', url: '/receipts', payload: scanPayload({ image_url: 'A'.repeat(13 * 1024 * 1024) }) });
    expect(huge.statusCode).toBe(413);
    expect(await receiptCount(user)).toBe(0);
    expect(await storedImages(t, user.uid)).toHaveLength(0);
  });

  it('keeps the 64 KB limit on other routes', async () => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'PUT', url: '/api/profile/', payload: { display_name: 'x', first_name: 'y'.repeat(70 * 1024) } });
    expect(res.statusCode).toBe(413);
  });
});

describe('GET /receipts', () => {
  let user: TestUser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    user = await t.signUp();
    const rows = [
      { store: 'Alpha Market', date: '2026-01-03', amount: 30, category: 'Food', items: [{ name: 'Apples', price: 30 }] },
      { store: 'beta bakery', date: '2026-01-05', amount: 5.5, category: 'Food' },
      { store: 'Gamma Gas', date: '2026-01-04', amount: 60, category: 'Transportation' },
      { store: '100% Deals', date: '2026-01-04', amount: 12, category: 'Clothing' },
      { store: 'Alphabet Toys', date: '2026-01-01', amount: -8, category: 'Entertainment' },
    ];
    for (const r of rows) ids[r.store] = (await addReceipt(t, user, r)).id;
  });
  const stores = (res: { json(): unknown }) => (res.json() as Array<{ store: string }>).map((r) => r.store);

  it('lists newest first with items and the total count header; ties by creation order', async () => {
    const res = await list(user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.headers['access-control-expose-headers']).toBe('x-total-count, x-next-cursor');
    expect(stores(res)).toEqual(['beta bakery', '100% Deals', 'Gamma Gas', 'Alpha Market', 'Alphabet Toys']);
    expect(res.json()[3]).toMatchObject({ store: 'Alpha Market', category: 'Food', items: [{ name: 'Apples', price: 30, quantity: 1 }] });
  });

  it('searches the store ignoring case, with % and _ taken literally', async () => {
    expect(stores(await list(user, '?search=ALPHA'))).toEqual(['Alpha Market', 'Alphabet Toys']);
    expect(stores(await list(user, '?search=%25'))).toEqual(['100% Deals']);
    expect(stores(await list(user, '?search=_'))).toEqual([]);
  });

  it('searches ignoring punctuation and spaces', async () => {
    const shopper = await t.signUp();
    for (const store of ["Trader Joe's", 'Trader Joe\u2019s Express', '7-Eleven', 'Traders Market']) await addReceipt(t, shopper, { store });
    const found = async (search: string) => stores(await list(shopper, `?search=${encodeURIComponent(search)}&sort=store&order=asc`));
    expect(await found('trader joes')).toEqual(["Trader Joe's", 'Trader Joe\u2019s Express']);
    expect(await found('TRADER JOE\u2019S')).toEqual(["Trader Joe's", 'Trader Joe\u2019s Express']);
    expect(await found('7 eleven')).toEqual(['7-Eleven']);
    expect(await found('traderjoe')).toEqual(["Trader Joe's", 'Trader Joe\u2019s Express']);
    expect(await found('market')).toEqual(['Traders Market']);
  });

  it('search ignores the same characters in the database as in JavaScript, whatever the locale', async () => {
    const shopper = await t.signUp();
    // Neither is ASCII punctuation, so both are kept on both sides ('¡' sorts inside '!'..'/' in some locales).
    for (const store of ['A \u00a1', '\u{1eef0} shop']) await addReceipt(t, shopper, { store });
    const found = async (search: string) => stores(await list(shopper, `?search=${encodeURIComponent(search)}`));
    expect(await found('A \u00a1')).toEqual(['A \u00a1']);
    expect(await found('\u{1eef0}')).toEqual(['\u{1eef0} shop']);
  });

  it('filters by category name or id; an unknown category matches nothing', async () => {
    const food = await list(user, '?category=food');
    expect(stores(food)).toEqual(['beta bakery', 'Alpha Market']);
    expect(food.headers['x-total-count']).toBe('2');
    const foodSearch = await list(user, '?category=food&search=BAK');
    expect(stores(foodSearch)).toEqual(['beta bakery']);
    expect(foodSearch.headers['x-total-count']).toBe('1');
    const transport = await categoryId(t, user, 'Transportation');
    expect(stores(await list(user, `?category=${transport}`))).toEqual(['Gamma Gas']);
    const none = await list(user, '?category=Nope');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('sorts by amount, store and date in both directions', async () => {
    expect(stores(await list(user, '?sort=amount&order=asc'))).toEqual(['Alphabet Toys', 'beta bakery', '100% Deals', 'Alpha Market', 'Gamma Gas']);
    expect(stores(await list(user, '?sort=amount'))).toEqual(['Gamma Gas', 'Alpha Market', '100% Deals', 'beta bakery', 'Alphabet Toys']);
    expect(stores(await list(user, '?sort=store&order=asc'))).toEqual(['100% Deals', 'Alpha Market', 'Alphabet Toys', 'beta bakery', 'Gamma Gas']);
    expect(stores(await list(user, '?sort=date&order=asc'))).toEqual(['Alphabet Toys', 'Alpha Market', 'Gamma Gas', '100% Deals', 'beta bakery']);
  });

  it('pages with limit and offset, the header counting every match', async () => {
    const page = await list(user, '?sort=store&order=asc&limit=2&offset=2');
    expect(stores(page)).toEqual(['Alphabet Toys', 'beta bakery']);
    expect(page.headers['x-total-count']).toBe('5');
    const filtered = await list(user, '?search=a&limit=1');
    expect(filtered.json()).toHaveLength(1);
    expect(filtered.headers['x-total-count']).toBe('5');
  });

  it.each([
    ['?sort=price', 'sort must be one of date, amount, store'],
    ['?order=up', 'order must be one of asc, desc'],
    ['?limit=501', 'limit must be at most 500'],
    ['?limit=0', 'limit must be at least 1'],
    ['?offset=-1', 'offset must be at least 0'],
    ['?limit=ten', 'limit must be an integer'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await list(user, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('GET, PUT and DELETE /receipts/{id}', () => {
  it.each([
    ['a malformed id', 'not-a-uuid'],
    ['an unknown id', UNKNOWN_ID],
    ['an sql-ish id', "1' or '1'='1"],
  ])('answers 404 for %s', async (_n, id) => {
    const user = await t.signUp();
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.request(user, { method, url: `/receipts/${encodeURIComponent(id)}` });
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Receipt not found' });
    }
    const put = await t.request(user, { method: 'PUT', url: `/receipts/${encodeURIComponent(id)}`, payload: { store: 'S', date: '2026-01-01', amount: 1 } });
    expect(put.statusCode).toBe(404);
  });

  it('edits: new values saved, left-out optional fields kept, items replaced only when sent', async () => {
    const user = await t.signUp();
    const r = await addReceipt(t, user, { description: 'Weekly shop', paymentMethod: 'cash', tax: 1.5, items: [{ name: 'Milk', price: 2 }], category: 'Food' });
    const res = await t.request(user, { method: 'PUT', url: `/receipts/${r.id}`, payload: { store: 'New Store', date: '2026-02-28', amount: 99.99 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: r.id,
      store: 'New Store',
      date: '2026-02-28',
      amount: 99.99,
      category: 'Food',
      description: 'Weekly shop',
      paymentMethod: 'cash',
      tax: 1.5,
      items: [{ name: 'Milk', price: 2, quantity: 1 }],
    });
    const again = await t.request(user, {
      method: 'PUT',
      url: `/receipts/${r.id}`,
      payload: { store: 'New Store', date: '2026-02-28', amount: 99.99, category: 'Clothing', tax: null, description: '', items: [] },
    });
    expect(again.json()).toMatchObject({ category: 'Clothing', tax: null, description: '', items: [] });
  });

  it('refuses a bad edit and changes nothing', async () => {
    const user = await t.signUp();
    const r = await addReceipt(t, user, { store: 'Keep', amount: 7 });
    const before = (await t.request(user, { method: 'GET', url: `/receipts/${r.id}` })).json();
    for (const [payload, message] of [
      [{ store: 'X', date: '2026-02-30', amount: 1 }, 'date is not a real calendar date: 2026-02-30'],
      [{ store: 'X', date: '2026-01-01', amount: 1, category: 'Nope' }, 'Unknown category: Nope'],
      [{ store: 'X', date: '2026-01-01', amount: -0.001 }, 'amount must have at most two decimals'],
      [{ store_name: 'X', date: '2026-01-01', total_amount: 1 }, 'store is required'],
    ] as const) {
      const res = await t.request(user, { method: 'PUT', url: `/receipts/${r.id}`, payload });
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    }
    expect((await t.request(user, { method: 'GET', url: `/receipts/${r.id}` })).json()).toEqual(before);
  });

  it('replaces and removes the image, deleting the old blob', async () => {
    const user = await t.signUp();
    const r = await addReceipt(t, user, { imageData: dataUrl(PNG_BYTES) });
    expect(await storedImages(t, user.uid)).toEqual([expect.stringMatching(/\.png$/)]);
    const base = { store: 'Corner Shop', date: todayUtc(), amount: 10 };
    const replaced = await t.request(user, { method: 'PUT', url: `/receipts/${r.id}`, payload: { ...base, imageData: dataUrl(JPEG_BYTES, 'image/jpeg') } });
    expect(replaced.json().imageUrl).toContain('.jpg?');
    expect(await storedImages(t, user.uid)).toEqual([expect.stringMatching(/\.jpg$/)]);
    const kept = await t.request(user, { method: 'PUT', url: `/receipts/${r.id}`, payload: base });
    expect(kept.json().imageUrl).toContain('.jpg?');
    const removed = await t.request(user, { method: 'PUT', url: `/receipts/${r.id}`, payload: { ...base, imageData: null } });
    expect(removed.json().imageUrl).toBeNull();
    expect(await storedImages(t, user.uid)).toHaveLength(0);
  });

  it('does not keep the new blob when the edit fails', async () => {
    const user = await t.signUp();
    const r = await addReceipt(t, user, {});
    const res = await t.request(user, {
      method: 'PUT',
      url: `/receipts/${r.id}`,
      payload: { store: 'S', date: '2026-01-01', amount: 1, category: 'Nope', imageData: dataUrl(PNG_BYTES) },
    });
    expect(res.statusCode).toBe(400);
    expect(await storedImages(t, user.uid)).toHaveLength(0);
  });

  it('deletes the receipt, its items and its image', async () => {
    const user = await t.signUp();
    const r = await addReceipt(t, user, { imageData: dataUrl(PNG_BYTES), items: [{ name: 'A', price: 1 }] });
    const res = await t.request(user, { method: 'DELETE', url: `/receipts/${r.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.request(user, { method: 'GET', url: `/receipts/${r.id}` })).statusCode).toBe(404);
    expect((await t.request(user, { method: 'DELETE', url: `/receipts/${r.id}` })).statusCode).toBe(404);
    expect(await storedImages(t, user.uid)).toHaveLength(0);
    expect(await t.db.db.selectFrom('receipt_items').selectAll().where('receipt_id', '=', r.id).execute()).toHaveLength(0);
  });
});

describe('another user', () => {
  it("cannot read, list, change or delete the first user's receipts", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const r = await addReceipt(t, owner, { store: 'Private Store', imageData: dataUrl(PNG_BYTES), category: 'Food' });
    const before = (await t.request(owner, { method: 'GET', url: `/receipts/${r.id}` })).json();

    expect((await t.request(other, { method: 'GET', url: `/receipts/${r.id}` })).statusCode).toBe(404);
    const theirs = await list(other, '?search=Private');
    expect(theirs.json()).toEqual([]);
    expect(theirs.headers['x-total-count']).toBe('0');
    expect((await list(other, `?category=${r.categoryId}`)).json()).toEqual([]);
    const put = await t.request(other, { method: 'PUT', url: `/receipts/${r.id}`, payload: { store: 'Hacked', date: '2026-01-01', amount: 1 } });
    expect(put.statusCode).toBe(404);
    expect((await t.request(other, { method: 'DELETE', url: `/receipts/${r.id}` })).statusCode).toBe(404);
    // Nor can they file a receipt under the owner's category by its id.
    const foreign = await t.request(other, {
      method: 'POST',
      url: '/receipts',
      payload: { store: 'S', date: '2026-01-01', amount: 1, category: r.categoryId },
    });
    expect(foreign.json().message).toBe(`Unknown category: ${r.categoryId}`);

    const after = await t.request(owner, { method: 'GET', url: `/receipts/${r.id}` });
    expect({ ...after.json(), imageUrl: null }).toEqual({ ...before, imageUrl: null });
    expect(await storedImages(t, owner.uid)).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/receipts' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/receipts', payload: { store: 'S', date: daysAgo(1), amount: 1 } })).statusCode).toBe(401);
  });
});

describe('receipt change listeners', () => {
  const at = new Date('2026-04-05T10:00:00Z');
  const service = (listeners: ReceiptListener[]) => new ReceiptService(t.db.db, t.app.blobs, t.app.blobUrls, listeners, clockOf(at));
  const manual = { store: 'Listener Shop', date: '2026-04-02', amount: 12.5, category: 'Food' };

  it('tell each listener the snapshots before and after, a batch of one per write, inside the transaction', async () => {
    const user = await t.signUp();
    const seen: ReceiptBatch[] = [];
    const recorder: ReceiptListener = async (trx, batch) => {
      // The listener runs in the write's transaction: it already sees the new state.
      const n = await trx.selectFrom('receipts').select('id').where('user_id', '=', batch.userId).execute();
      expect(n).toHaveLength(batch.changes[0].after ? 1 : 0);
      seen.push(batch);
    };
    const s = service([...receiptListeners, recorder]);
    const created = await s.create(user.uid, manual);
    await s.update(user.uid, created.id, { ...manual, amount: -3, date: '2026-04-03' });
    await s.delete(user.uid, created.id);
    const snap = { id: created.id, store: 'Listener Shop', categoryId: created.categoryId, parts: [] };
    const one = (change: ReceiptBatch['changes'][number]) => ({ userId: user.uid, at, changes: [change] });
    expect(seen).toEqual([
      one({ announce: false, before: null, after: { ...snap, date: '2026-04-02', amountCents: 1250 } }), // typed by hand: not announced
      one({ before: { ...snap, date: '2026-04-02', amountCents: 1250 }, after: { ...snap, date: '2026-04-03', amountCents: -300 } }),
      one({ before: { ...snap, date: '2026-04-03', amountCents: -300 }, after: null }),
    ]);
  });

  it('roll the whole write back when a listener fails, image and totals included', async () => {
    const user = await t.signUp();
    const failing: ReceiptListener = async () => {
      throw new Error('listener failed');
    };
    await expect(service([...receiptListeners, failing]).create(user.uid, { ...manual, imageData: dataUrl(PNG_BYTES) })).rejects.toThrow('listener failed');
    expect(await receiptCount(user)).toBe(0);
    expect(await storedImages(t, user.uid)).toHaveLength(0);
    expect(await t.db.db.selectFrom('daily_totals').selectAll().where('user_id', '=', user.uid).execute()).toEqual([]);
  });
});
