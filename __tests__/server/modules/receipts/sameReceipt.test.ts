import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { statementForm } from '../imports/statementForm';
import type { LikeReceipt, SameReceiptQuery } from '../../../../src/shared/receipts';

/**
 * GET /receipts/match, the one lookup the Add Transaction form, the single scan and the review
 * queue ask before saving, through the real API: bank rows imported from a real CSV statement,
 * the real database (PGlite, or PostgreSQL at DATABASE_URL), the real auth emulator.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const csv = (...lines: string[]) => Buffer.from(lines.join('\r\n'));

/** The month's bank statement the person imported first: spending negative, American dates. */
async function importStatement(user: TestUser): Promise<void> {
  const bytes = csv(
    'Date,Description,Amount',
    '07/01/2018,TRATTORIA SAPORITO NEW YORK,-125.99',
    "07/03/2018,BEN'S BAYSIDE,-48.20",
    '07/09/2018,CALOGEROS RESTAURANT,-157.51',
  );
  const preview = await t.request(user, {
    method: 'POST',
    url: '/api/import/preview',
    ...(await statementForm({ bytes, mapping: { date: 0, description: 1, amount: 2, date_order: 'MDY' } })),
  });
  expect(preview.statusCode).toBe(200);
  const commit = await t.request(user, { method: 'POST', url: '/api/import/commit', payload: { preview_id: preview.json().id } });
  expect(commit.json()).toMatchObject({ added: 3 });
}

async function match(user: TestUser, query: Partial<SameReceiptQuery>): Promise<LikeReceipt | null> {
  const res = await t.request(user, { method: 'GET', url: '/receipts/match', query: query as Record<string, string> });
  if (res.statusCode !== 200) throw new Error(`GET /receipts/match: ${res.statusCode} ${res.body}`);
  return res.json().match;
}

const receipts = async (user: TestUser) => (await t.request(user, { method: 'GET', url: '/receipts' })).json() as Array<{ id: string; imported: boolean }>;

describe('the receipt a new one already is', () => {
  it('finds the imported bank row of a receipt read exactly, its store written as the bank writes it', async () => {
    const user = await t.signUp();
    await importStatement(user);
    const rows = await receipts(user);
    const trattoria = await match(user, { store: 'Trattoria Saporito', date: '2018-07-01', amount: 125.99 });
    expect(trattoria).toEqual({
      _id: expect.any(String),
      store_name: 'TRATTORIA SAPORITO NEW YORK',
      date: '2018-07-01',
      total_amount: 125.99,
      currency: 'USD',
      imported: true,
    });
    expect(rows.map((r) => r.id)).toContain(trattoria?._id);
    expect(await match(user, { store: "Ben's Bayside", date: '2018-07-03', amount: 48.2 })).toMatchObject({ store_name: "BEN'S BAYSIDE", imported: true });
    // A letter off in a long word, as a receipt and the bank spell the name apart: the same store.
    expect(await match(user, { store: "Calagero's", date: '2018-07-09', amount: 157.51, currency: 'USD' })).toMatchObject({
      store_name: 'CALOGEROS RESTAURANT',
      imported: true,
    });
  });

  it('takes the same amount in the same currency only, and a date at most three days from the bank row', async () => {
    const user = await t.signUp();
    await importStatement(user);
    const trattoria = { store: 'Trattoria Saporito', date: '2018-07-01', amount: 125.99 };
    // The bank books a card payment a few days later, or a refund before.
    expect(await match(user, { ...trattoria, date: '2018-06-28' })).toMatchObject({ store_name: 'TRATTORIA SAPORITO NEW YORK' });
    expect(await match(user, { ...trattoria, date: '2018-07-04' })).toMatchObject({ store_name: 'TRATTORIA SAPORITO NEW YORK' });
    expect(await match(user, { ...trattoria, date: '2018-07-05' })).toBeNull();
    expect(await match(user, { ...trattoria, amount: 125.98 })).toBeNull();
    expect(await match(user, { ...trattoria, currency: 'EUR' })).toBeNull();
    expect(await match(user, { ...trattoria, store: 'Pizzeria Napoli' })).toBeNull();
  });

  it('fills the bank row in from the Add Transaction form, and then warns of that receipt as saved', async () => {
    const user = await t.signUp();
    await importStatement(user);
    const bankRow = await match(user, { store: "Ben's Bayside", date: '2018-07-03', amount: 48.2 });
    const res = await t.request(user, {
      method: 'POST',
      url: '/receipts',
      payload: { store: "Ben's Bayside", date: '2018-07-02', amount: 48.2, paymentMethod: 'Credit Card', into_id: bankRow?._id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: bankRow?._id, store: "Ben's Bayside", date: '2018-07-02', imported: false, paymentMethod: 'Credit Card' });
    expect(await receipts(user)).toHaveLength(3);
    // The same receipt entered once more is now one already saved.
    expect(await match(user, { store: "BEN'S BAYSIDE", date: '2018-07-02', amount: 48.2 })).toEqual({
      _id: bankRow?._id,
      store_name: "Ben's Bayside",
      date: '2018-07-02',
      total_amount: 48.2,
      currency: 'USD',
      imported: false,
    });
  });

  it('warns of the same photo scanned and saved before, in the currency printed', async () => {
    const user = await t.signUp();
    const scan = { store_name: 'PAGOH CAFE', date: '2018-03-10', total_amount: 10, currency: 'MYR', rate: 0.25 };
    const saved = (await t.request(user, { method: 'POST', url: '/receipts', payload: scan })).json();
    expect(await match(user, { store: 'Pagoh Cafe', date: '2018-03-10', amount: 10, currency: 'MYR' })).toEqual({
      _id: saved.id,
      store_name: 'PAGOH CAFE',
      date: '2018-03-10',
      total_amount: 10,
      currency: 'MYR',
      imported: false,
    });
    // Ten dollars is another amount than ten ringgit.
    expect(await match(user, { store: 'Pagoh Cafe', date: '2018-03-10', amount: 10 })).toBeNull();
  });

  it('prefers, of two, the nearer day, then a saved receipt to a bank row', async () => {
    const user = await t.signUp();
    await importStatement(user);
    const typed = (
      await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Trattoria Saporito', date: '2018-07-03', amount: 125.99 } })
    ).json();
    const asked = (date: string) => match(user, { store: 'Trattoria Saporito', date, amount: 125.99 });
    // The bank row is on 1 July, the typed receipt on the 3rd.
    expect(await asked('2018-07-01')).toMatchObject({ imported: true });
    expect(await asked('2018-07-04')).toMatchObject({ _id: typed.id });
    // A day from each: the receipt saved already (saving again would count it a third time).
    expect(await asked('2018-07-02')).toMatchObject({ _id: typed.id, imported: false });
  });

  it("never offers another person's receipt, nor fills in another person's bank row", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    await importStatement(owner);
    const bankRow = await match(owner, { store: 'Trattoria Saporito', date: '2018-07-01', amount: 125.99 });
    expect(bankRow).not.toBeNull();
    expect(await match(other, { store: 'Trattoria Saporito', date: '2018-07-01', amount: 125.99 })).toBeNull();
    const fill = await t.request(other, {
      method: 'POST',
      url: '/receipts',
      payload: { store: 'Trattoria Saporito', date: '2018-07-01', amount: 125.99, into_id: bankRow?._id },
    });
    expect(fill.statusCode).toBe(404);
    expect(await receipts(other)).toEqual([]);
    expect((await t.request(owner, { method: 'GET', url: `/receipts/${bankRow?._id}` })).json()).toMatchObject({ imported: true });
  });

  it('answers a clear 400 for what could not be saved either, and changes nothing', async () => {
    const user = await t.signUp();
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ store: 'Cafe', date: '2018-02-30', amount: '3' }, /^date is not a real calendar date/],
      [{ store: 'Cafe', date: 'yesterday', amount: '3' }, /^date must be a date written YYYY-MM-DD/],
      [{ store: 'Cafe', date: '2018-02-03', amount: '3.001' }, /^amount must have at most two decimals/],
      [{ store: 'Cafe', date: '2018-02-03', amount: '3', currency: 'XYZ' }, /^currency is not a currency code Tally knows/],
      [{ store: 'Cafe', date: '2018-02-03', amount: 'lots' }, /amount/],
      [{ date: '2018-02-03', amount: '3' }, /store/],
      [{ store: ' ', date: '2018-02-03', amount: '3' }, /store/],
    ];
    for (const [query, message] of cases) {
      const res = await t.request(user, { method: 'GET', url: '/receipts/match', query });
      expect([res.statusCode, res.json().message]).toEqual([400, expect.stringMatching(message)]);
    }
    expect(await receipts(user)).toEqual([]);
  });
});
