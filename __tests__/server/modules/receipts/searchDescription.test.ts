import { sql } from 'kysely';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt } from './fixtures';
import { up } from '../../../../src/server/db/migrations/077_search_description';

/** The receipt search finds words of the description, as it does the store's, the items' and those read off the receipt. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const found = async (user: TestUser, search: string) =>
  ((await t.request(user, { method: 'GET', url: `/receipts?search=${encodeURIComponent(search)}` })).json() as Array<{ store: string }>).map((r) => r.store);

describe('GET /receipts?search=', () => {
  it('finds a word of the description, ignoring case and punctuation, and counts it', async () => {
    const user = await t.signUp();
    await addReceipt(t, user, { store: 'Hardware Hub', description: "Paint for Mia's room" });
    await addReceipt(t, user, { store: 'Corner Shop', description: 'Milk' });
    expect(await found(user, 'paint')).toEqual(['Hardware Hub']);
    expect(await found(user, 'MIAS ROOM')).toEqual(['Hardware Hub']);
    const res = await t.request(user, { method: 'GET', url: '/receipts?search=milk' });
    expect(res.headers['x-total-count']).toBe('1');
    // Still the store's and the items' words.
    expect(await found(user, 'hardware')).toEqual(['Hardware Hub']);
  });

  it('follows an edit of the description', async () => {
    const user = await t.signUp();
    const receipt = await addReceipt(t, user, { store: 'Florist', description: 'Birthday flowers' });
    const put = await t.request(user, {
      method: 'PUT',
      url: `/receipts/${receipt.id}`,
      payload: { store: 'Florist', date: '2026-04-02', amount: 10, description: 'Anniversary' },
    });
    expect(put.statusCode).toBe(200);
    expect(await found(user, 'birthday')).toEqual([]);
    expect(await found(user, 'anniversary')).toEqual(['Florist']);
  });

  it('finds the descriptions of receipts saved before it did, once migration 077 has run', async () => {
    const user = await t.signUp();
    const receipt = await addReceipt(t, user, { store: 'Garden Centre', description: 'Tomato seedlings', items: [{ name: 'Compost', price: 10 }] });
    const other = await addReceipt(t, user, { store: 'Bakery' });
    // Their search text as written before: store, items and text read only.
    await sql`UPDATE receipts SET search_text = 'GardenCentre' || chr(1) || 'Compost' || chr(1) || '' WHERE id = ${receipt.id}`.execute(t.db.db);
    await sql`UPDATE receipts SET search_text = 'Bakery' || chr(1) || '' || chr(1) || '' WHERE id = ${other.id}`.execute(t.db.db);
    expect(await found(user, 'tomato')).toEqual([]);

    await up(t.db.db as never);
    expect(await found(user, 'tomato seedlings')).toEqual(['Garden Centre']);
    expect(await found(user, 'compost')).toEqual(['Garden Centre']);
    expect(await found(user, 'bakery')).toEqual(['Bakery']);
  });
});
