import { sql } from 'kysely';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { findLikeReceipts } from '../../../../src/server/modules/receipts/repository';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** A receipt as a statement import leaves it: made from a bank row, no image. */
async function importedReceipt(user: TestUser, store: string, date: string, amount: number): Promise<string> {
  const res = await t.request(user, { method: 'POST', url: '/receipts', payload: { store, date, amount } });
  const id = res.json().id as string;
  await sql`UPDATE receipts SET imported = true WHERE id = ${id}::uuid`.execute(t.db.db);
  return id;
}
const scan = (extra: Record<string, unknown>) => ({
  store_name: 'Amazon',
  date: '2026-03-12',
  total_amount: 23.99,
  items: [{ name: 'Cable', price: 23.99 }],
  ...extra,
});
const count = async (user: TestUser) => (await t.request(user, { method: 'GET', url: '/receipts' })).json().length as number;

describe('a scan that is the receipt of an imported bank row', () => {
  it('is found for a draft: the same total, a date a few days apart, a like store', async () => {
    const user = await t.signUp();
    const id = await importedReceipt(user, 'AMAZON MKTPLACE SEATTLE WA', '2026-03-14', 23.99);
    await importedReceipt(user, 'AMAZON MKTPLACE SEATTLE WA', '2026-03-20', 23.99);
    const query = { imageHash: 'none', store: 'Amazon', date: '2026-03-12', currency: 'USD', printedMinor: 2399 };
    const [like] = await findLikeReceipts(t.db.db, user.uid, [query]);
    expect(like).toEqual({ id, store: 'AMAZON MKTPLACE SEATTLE WA', date: '2026-03-14', currency: 'USD', printed_minor: 2399, imported: true });
    // Another store, another amount, or too far apart: none.
    const misses = await findLikeReceipts(t.db.db, user.uid, [
      { ...query, store: 'Tesco' },
      { ...query, printedMinor: 2400 },
      { ...query, date: '2026-03-05' },
    ]);
    expect(misses).toEqual([undefined, undefined, undefined]);
  });

  it('fills the imported receipt in instead of adding a second one', async () => {
    const user = await t.signUp();
    const id = await importedReceipt(user, 'AMAZON MKTPLACE SEATTLE WA', '2026-03-14', 23.99);
    const res = await t.request(user, { method: 'POST', url: '/receipts', payload: scan({ into_id: id }) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id,
      store: 'Amazon',
      date: '2026-03-12',
      amount: 23.99,
      imported: false,
      items: [{ name: 'Cable', price: 23.99, quantity: 1 }],
    });
    expect(await count(user)).toBe(1);
    // It is no longer a bank row: a second scan cannot fill it.
    const again = await t.request(user, { method: 'POST', url: '/receipts', payload: scan({ into_id: id }) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('That receipt was not imported from a bank statement: save this one as a new receipt');
    expect(await count(user)).toBe(1);
  });

  it("refuses another person's receipt or a made-up id, and saves nothing", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const id = await importedReceipt(owner, 'AMAZON', '2026-03-14', 23.99);
    for (const intoId of [id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.request(other, { method: 'POST', url: '/receipts', payload: scan({ into_id: intoId }) });
      expect(res.statusCode).toBe(404);
    }
    expect(await count(other)).toBe(0);
    expect((await t.request(owner, { method: 'GET', url: `/receipts/${id}` })).json()).toMatchObject({ store: 'AMAZON', imported: true });
  });
});
