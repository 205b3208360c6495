import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { todayUtc } from '../receipts/fixtures';
import { homeCents, toMinor } from '../../../../src/shared/currency';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const today = todayUtc();
const manual = (extra: Record<string, unknown>) => ({ store: 'Kedai Kopi', date: today, amount: 45.6, category: 'Food', ...extra });

async function putRates(user: TestUser, rates: object[]) {
  return t.request(user, { method: 'PUT', url: '/api/currency-rates', payload: rates });
}
const create = (user: TestUser, body: Record<string, unknown>) => t.request(user, { method: 'POST', url: '/receipts', payload: body });
const totalSpent = async (user: TestUser) => (await t.request(user, { method: 'GET', url: '/dashboard' })).json().total_spent as number;
const receiptCount = async (user: TestUser) => (await t.request(user, { method: 'GET', url: '/receipts' })).json().length as number;

describe('/api/currency-rates', () => {
  it('starts empty, replaces the whole table, and answers it sorted', async () => {
    const user = await t.signUp();
    expect((await t.request(user, { method: 'GET', url: '/api/currency-rates' })).json()).toEqual([]);
    const put = await putRates(user, [
      { currency: 'MYR', rate: 0.213, valid_from: '2026-01-01' },
      { currency: 'EUR', rate: 1.08, valid_from: '2025-06-01' },
      { currency: 'MYR', rate: 0.2, valid_from: '2025-01-01' },
    ]);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual([
      { currency: 'EUR', rate: 1.08, valid_from: '2025-06-01' },
      { currency: 'MYR', rate: 0.2, valid_from: '2025-01-01' },
      { currency: 'MYR', rate: 0.213, valid_from: '2026-01-01' },
    ]);
    await putRates(user, [{ currency: 'GBP', rate: 1.27, valid_from: '2026-01-01' }]);
    expect((await t.request(user, { method: 'GET', url: '/api/currency-rates' })).json()).toEqual([{ currency: 'GBP', rate: 1.27, valid_from: '2026-01-01' }]);
  });

  it.each([
    [[{ currency: 'XYZ', rate: 1, valid_from: '2026-01-01' }], '0.currency is not a currency code Tally knows: XYZ'],
    [[{ currency: 'EUR', rate: 1.123456789, valid_from: '2026-01-01' }], '0.rate must be a positive number with at most 8 decimals'],
    [[{ currency: 'EUR', rate: 1, valid_from: '2026-02-30' }], '0.valid_from must be a date written YYYY-MM-DD: 2026-02-30'],
    [[{ currency: 'USD', rate: 1, valid_from: '2026-01-01' }], 'USD is your home currency: it needs no rate'],
    [
      [
        { currency: 'EUR', rate: 1, valid_from: '2026-01-01' },
        { currency: 'EUR', rate: 2, valid_from: '2026-01-01' },
      ],
      'Two rates for EUR from 2026-01-01: keep one',
    ],
  ])('refuses %j and keeps the table as it was', async (rates, message) => {
    const user = await t.signUp();
    await putRates(user, [{ currency: 'EUR', rate: 1.1, valid_from: '2026-01-01' }]);
    const res = await putRates(user, rates);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.request(user, { method: 'GET', url: '/api/currency-rates' })).json()).toEqual([{ currency: 'EUR', rate: 1.1, valid_from: '2026-01-01' }]);
  });

  it('refuses a zero or negative rate by the schema', async () => {
    const user = await t.signUp();
    expect((await putRates(user, [{ currency: 'EUR', rate: 0, valid_from: '2026-01-01' }])).statusCode).toBe(400);
    expect((await putRates(user, [{ currency: 'eur', rate: 1, valid_from: '2026-01-01' }])).statusCode).toBe(400);
  });

  it("keeps each person's rates apart", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await putRates(a, [{ currency: 'EUR', rate: 1.1, valid_from: '2026-01-01' }]);
    expect((await t.request(b, { method: 'GET', url: '/api/currency-rates' })).json()).toEqual([]);
    // b has no rate for EUR, whatever a keeps.
    expect((await create(b, manual({ currency: 'EUR' }))).statusCode).toBe(400);
  });
});

describe('receipts in other currencies', () => {
  it('converts with the rate in force on the receipt day, and shows both amounts', async () => {
    const user = await t.signUp();
    await putRates(user, [
      { currency: 'MYR', rate: 0.2, valid_from: '2020-01-01' },
      { currency: 'MYR', rate: 0.213, valid_from: today },
    ]);
    const res = await create(user, manual({ currency: 'MYR' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount: 45.6, currency: 'MYR', rate: 0.213, home_amount: 9.71, imported: false });
    const older = await create(user, manual({ currency: 'MYR', date: '2024-05-01', amount: 10 }));
    expect(older.json()).toMatchObject({ rate: 0.2, home_amount: 2 });
    // Sums count home amounts.
    expect(await totalSpent(user)).toBe(9.71);
  });

  it('takes a typed rate over the table, and keeps it through an edit that leaves it out', async () => {
    const user = await t.signUp();
    const res = await create(user, manual({ currency: 'EUR', amount: 100, rate: 1.0875 }));
    expect(res.json()).toMatchObject({ currency: 'EUR', rate: 1.0875, home_amount: 108.75 });
    const id = res.json().id as string;
    const edited = await t.request(user, { method: 'PUT', url: `/receipts/${id}`, payload: { store: 'Café', date: today, amount: 200 } });
    expect(edited.json()).toMatchObject({ amount: 200, currency: 'EUR', rate: 1.0875, home_amount: 217.5 });
    const home = await t.request(user, { method: 'PUT', url: `/receipts/${id}`, payload: { store: 'Café', date: today, amount: 20, currency: 'USD' } });
    expect(home.json()).toMatchObject({ amount: 20, currency: 'USD', rate: null, home_amount: 20 });
    expect(await totalSpent(user)).toBe(20);
  });

  it('keeps amounts in the minor units of their currency: none in JPY, three in KWD', async () => {
    const user = await t.signUp();
    const yen = await create(user, manual({ currency: 'JPY', amount: 1500, rate: 0.0067 }));
    expect(yen.json()).toMatchObject({ amount: 1500, home_amount: 10.05 });
    const bad = await create(user, manual({ currency: 'JPY', amount: 1500.5, rate: 0.0067 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('amount has no decimals in JPY');
    const dinar = await create(user, manual({ currency: 'KWD', amount: 1.234, rate: 3.25 }));
    expect(dinar.json()).toMatchObject({ amount: 1.234, home_amount: 4.01 });
    expect((await create(user, manual({ currency: 'KWD', amount: 1.2345, rate: 3.25 }))).json().message).toBe('amount must have at most three decimals in KWD');
  });

  it('takes a rupiah receipt above ten million, and holds what it comes to at home to the same limit', async () => {
    const user = await t.signUp();
    const rupiah = await create(user, manual({ currency: 'IDR', amount: 15_000_000, rate: 0.0000633 }));
    expect(rupiah.json()).toMatchObject({ amount: 15_000_000, currency: 'IDR', home_amount: 949.5 });
    const huge = await create(user, manual({ currency: 'EUR', amount: 9_999_999, rate: 1.1 }));
    expect(huge.json().message).toBe('amount comes to more than 10000000 USD');
  });

  it('keeps items and tax in the receipt currency, and a cleared rate goes back to the table', async () => {
    const user = await t.signUp();
    await putRates(user, [{ currency: 'KWD', rate: 3.25, valid_from: '2020-01-01' }]);
    const body = manual({ currency: 'KWD', amount: 2.5, rate: 3.3, tax: 0.125, items: [{ name: 'Tea', price: 1.125 }] });
    const res = await create(user, body);
    expect(res.json()).toMatchObject({ amount: 2.5, rate: 3.3, tax: 0.125, items: [{ name: 'Tea', price: 1.125, quantity: 1 }] });
    const bad = await create(user, { ...body, items: [{ name: 'Tea', price: 1.1255 }] });
    expect(bad.json().message).toBe('items.0.price must have at most three decimals in KWD');
    const cleared = await t.request(user, { method: 'PUT', url: `/receipts/${res.json().id}`, payload: { ...body, rate: null } });
    expect(cleared.json()).toMatchObject({ rate: 3.25, home_amount: 8.13 });
  });

  it('refuses a foreign receipt without a rate, an unknown code, and saves nothing', async () => {
    const user = await t.signUp();
    const none = await create(user, manual({ currency: 'MYR' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(`No rate for MYR on ${today}: type one, add it in Settings → Currencies, or make MYR your home currency there`);
    const unknown = await create(user, manual({ currency: 'ABC', rate: 1 }));
    expect(unknown.json().message).toBe('currency is not a currency code Tally knows: ABC');
    expect((await create(user, manual({ currency: 'MYR', rate: -1 }))).statusCode).toBe(400);
    expect(await receiptCount(user)).toBe(0);
  });

  it('reads the currency and rate from the scan payload', async () => {
    const user = await t.signUp();
    const res = await create(user, { store_name: 'Tesco', date: today, total_amount: 12.3, currency: 'GBP', rate: 1.25, items: [] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount: 12.3, currency: 'GBP', rate: 1.25, home_amount: 15.38 });
  });
});

describe('changing the home currency', () => {
  it('asks for the old home currency in the new one when it is needed, and changes nothing without it', async () => {
    const user = await t.signUp();
    await create(user, manual({ currency: 'USD', amount: 50 }));
    const res = await t.request(user, { method: 'PUT', url: '/api/settings', payload: { home_currency: 'EUR' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`To count in EUR, type the rate of 1 USD in EUR, or add rates for USD from ${today} in Settings → Currencies`);
    expect((await t.request(user, { method: 'GET', url: '/api/settings' })).json().home_currency).toBe('USD');
    expect(await totalSpent(user)).toBe(50);
  });

  it('counts every receipt again in the new home currency, through the old one where the table has no direct rate', async () => {
    const user = await t.signUp();
    await putRates(user, [{ currency: 'MYR', rate: 0.2, valid_from: '2020-01-01' }]);
    const dollars = (await create(user, manual({ currency: 'USD', amount: 50 }))).json();
    const ringgit = (await create(user, manual({ currency: 'MYR', amount: 100 }))).json();
    const euros = (await create(user, manual({ currency: 'EUR', amount: 10, rate: 1.1 }))).json();
    expect(await totalSpent(user)).toBe(50 + 20 + 11);

    const res = await t.request(user, { method: 'PUT', url: '/api/settings', payload: { home_currency: 'EUR', home_currency_rate: 0.9 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().home_currency).toBe('EUR');
    const get = async (id: string) => (await t.request(user, { method: 'GET', url: `/receipts/${id}` })).json();
    expect(await get(dollars.id)).toMatchObject({ amount: 50, currency: 'USD', rate: 0.9, home_amount: 45 });
    expect(await get(ringgit.id)).toMatchObject({ amount: 100, currency: 'MYR', rate: 0.18, home_amount: 18 });
    expect(await get(euros.id)).toMatchObject({ amount: 10, currency: 'EUR', rate: null, home_amount: 10 });
    expect(await totalSpent(user)).toBe(45 + 18 + 10);
    // The rate typed for the switch is in the new table; the old table is kept for a way back.
    expect((await t.request(user, { method: 'GET', url: '/api/currency-rates' })).json()).toEqual([{ currency: 'USD', rate: 0.9, valid_from: '1970-01-01' }]);
    // New receipts default to the new home currency.
    expect((await create(user, manual({ amount: 5 }))).json()).toMatchObject({ currency: 'EUR', rate: null, home_amount: 5 });
  });

  it('counts each receipt as homeCents does, at the direct rate where the new table has one, through the old home elsewhere', async () => {
    const user = await t.signUp();
    await putRates(user, [
      { currency: 'MYR', rate: 0.213, valid_from: '2020-01-01' },
      { currency: 'GBP', rate: 1.3, valid_from: '2020-01-01' },
    ]);
    const sent = [
      manual({ currency: 'MYR' }),
      manual({ currency: 'MYR', amount: -45.6 }),
      manual({ currency: 'JPY', amount: 1500, rate: 0.0067 }),
      manual({ currency: 'KWD', amount: 1.234, rate: 3.25 }),
      manual({ currency: 'USD', amount: 10.01 }),
      manual({ currency: 'USD', amount: -0.05 }),
      manual({ currency: 'GBP', amount: 20 }),
    ];
    const ids: string[] = [];
    for (const body of sent) ids.push((await create(user, body)).json().id);
    const receipts = async () => Promise.all(ids.map(async (id) => (await t.request(user, { method: 'GET', url: `/receipts/${id}` })).json()));
    const kept = (rate: number) => Math.round(rate * 1e8) / 1e8;
    // USD → JPY → KWD → USD: the last finds USD's own table again (MYR and GBP direct).
    let home = 'USD';
    for (const [to, switchRate] of [
      ['JPY', 150.33],
      ['KWD', 0.00205],
      ['USD', 326.5],
    ] as const) {
      const before = await receipts();
      const res = await t.request(user, { method: 'PUT', url: '/api/settings', payload: { home_currency: to, home_currency_rate: switchRate } });
      expect(res.statusCode).toBe(200);
      const direct: Record<string, number> = to === 'USD' ? { MYR: 0.213, GBP: 1.3 } : {};
      const after = await receipts();
      after.forEach((r, i) => {
        const was = before[i];
        const rate = r.currency === to ? null : (direct[r.currency] ?? kept((was.currency === home ? 1 : was.rate) * switchRate));
        expect({ currency: r.currency, amount: r.amount, rate: r.rate }).toEqual({ currency: was.currency, amount: was.amount, rate });
        expect(r.home_amount).toBe(homeCents(toMinor(r.amount, r.currency)!, r.currency, to, rate) / 100);
      });
      home = to;
    }
  });

  it('counts in a home currency without decimals to the whole unit', async () => {
    const user = await t.signUp();
    const r = (await create(user, manual({ currency: 'USD', amount: 10.01 }))).json();
    await t.request(user, { method: 'PUT', url: '/api/settings', payload: { home_currency: 'JPY', home_currency_rate: 150.33 } });
    expect((await t.request(user, { method: 'GET', url: `/receipts/${r.id}` })).json()).toMatchObject({ amount: 10.01, home_amount: 1505 });
  });

  it('writes notifications in the home currency', async () => {
    const user = await t.signUp();
    await t.request(user, { method: 'PUT', url: '/api/settings', payload: { home_currency: 'EUR' } });
    await t.request(user, { method: 'POST', url: '/dashboard/budget', payload: { amount: 100 } });
    await create(user, { store_name: 'Café', date: today, total_amount: 85, items: [] });
    const messages = (await t.request(user, { method: 'GET', url: '/notifications' })).json().map((n: { message: string }) => n.message);
    expect(messages).toContain('Your receipt from Café for €85.00 was saved.');
    expect(messages.some((m: string) => m.startsWith("You've spent €85.00 of your €100.00 budget"))).toBe(true);
  });

  it.each([
    // 1e-8 MYR in USD, then 0.3 USD in KWD: 3e-9, nothing at eight decimals.
    [{ rate: 0.00000001 }, 'KWD', 0.3, 'a rate of 0.000000003 KWD for 1 MYR, below the smallest kept (0.00000001)'],
    [{ rate: 1_000_000_000, amount: 0.01 }, 'IDR', 16_000, 'a rate of 16000000000000 IDR for 1 MYR, above the largest kept (1000000000)'],
    [{ rate: 10_000, amount: 1000 }, 'IDR', 16_000, 'more than 10000000 IDR'],
  ])('refuses a change that would count a receipt at %j in %s at %d, in words, and changes nothing', async (receipt, to, rate, why) => {
    const user = await t.signUp();
    const saved = (await create(user, manual({ currency: 'MYR', ...receipt }))).json();
    expect(saved.id).toEqual(expect.any(String));
    const res = await t.request(user, { method: 'PUT', url: '/api/settings', payload: { home_currency: to, home_currency_rate: rate } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Counted in ${to}, the receipt from Kedai Kopi on ${today} would come to ${why}: correct that receipt first`);
    expect((await t.request(user, { method: 'GET', url: '/api/settings' })).json().home_currency).toBe('USD');
    expect((await t.request(user, { method: 'GET', url: `/receipts/${saved.id}` })).json()).toEqual(saved);
    expect((await t.request(user, { method: 'GET', url: '/api/currency-rates' })).json()).toEqual([]);
  });

  it.each([
    ['a receipt', 'POST', '/receipts', (rate: number) => manual({ currency: 'MYR', rate })],
    ['the rates table', 'PUT', '/api/currency-rates', (rate: number) => [{ currency: 'MYR', rate, valid_from: today }]],
    ['the switch', 'PUT', '/api/settings', (rate: number) => ({ home_currency: 'EUR', home_currency_rate: rate })],
  ] as const)('refuses a rate from %s that would round to nothing at eight decimals, in words, and keeps nothing', async (_, method, url, body) => {
    const user = await t.signUp();
    const field = { '/receipts': 'rate', '/api/currency-rates': '0.rate', '/api/settings': 'home_currency_rate' }[url];
    for (const rate of [0.000000004, 1e-300]) {
      const res = await t.request(user, { method, url, payload: body(rate) });
      expect([res.statusCode, res.json().message]).toEqual([400, `${field} must be at least 1e-8`]);
    }
    expect(await receiptCount(user)).toBe(0);
    expect((await t.request(user, { method: 'GET', url: '/api/currency-rates' })).json()).toEqual([]);
    expect((await t.request(user, { method: 'GET', url: '/api/settings' })).json().home_currency).toBe('USD');
  });

  it('refuses an unknown code and a rate without a new currency', async () => {
    const user = await t.signUp();
    const unknown = await t.request(user, { method: 'PUT', url: '/api/settings', payload: { home_currency: 'QQQ' } });
    expect(unknown.json().message).toBe('home_currency is not a currency code Tally knows: QQQ');
    const lonely = await t.request(user, { method: 'PUT', url: '/api/settings', payload: { home_currency_rate: 2 } });
    expect(lonely.json().message).toBe('home_currency_rate goes with a new home_currency');
  });
});
