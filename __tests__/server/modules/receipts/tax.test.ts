import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt } from './fixtures';

/** Tax is part of what was paid: never more than the amount, nor on a refund than what came back. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const base = { store: 'Kiosk', date: '2026-04-02' };
const post = (user: TestUser, payload: Record<string, unknown>) => t.request(user, { method: 'POST', url: '/receipts', payload: { ...base, ...payload } });
const put = (user: TestUser, id: string, payload: Record<string, unknown>) =>
  t.request(user, { method: 'PUT', url: `/receipts/${id}`, payload: { ...base, ...payload } });
const get = async (user: TestUser, id: string) => (await t.request(user, { method: 'GET', url: `/receipts/${id}` })).json();

describe('the tax of a receipt', () => {
  it('may be up to the amount, on a purchase and on a refund', async () => {
    const user = await t.signUp();
    expect((await post(user, { amount: 10, tax: 10 })).json()).toMatchObject({ amount: 10, tax: 10 });
    expect((await post(user, { amount: -10, tax: 0.8 })).json()).toMatchObject({ amount: -10, tax: 0.8 });
    expect((await post(user, { amount: -10, tax: 10 })).statusCode).toBe(201);
  });

  it('is refused with a clear 400 when larger, in the currency of the receipt, and nothing is saved', async () => {
    const user = await t.signUp();
    const over = await post(user, { amount: 10, tax: 50 });
    expect(over.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'tax must not be more than the amount ($10.00)' });
    const yen = await post(user, { amount: 1500, currency: 'JPY', rate: 0.0067, tax: 2000 });
    expect(yen.json().message).toBe('tax must not be more than the amount (¥1,500)');
    const listed = await t.request(user, { method: 'GET', url: '/receipts' });
    expect(listed.json()).toEqual([]);
  });

  it('is checked on an edit too, when the tax kept would be more than a new amount; the receipt stays as it was', async () => {
    const user = await t.signUp();
    const receipt = await addReceipt(t, user, { ...base, amount: 20, tax: 4 });
    const before = await get(user, receipt.id);

    const lowered = await put(user, receipt.id, { amount: 3 });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().message).toBe('tax must not be more than the amount ($3.00)');
    const taxed = await put(user, receipt.id, { amount: 20, tax: 20.5 });
    expect(taxed.json().message).toBe('tax must not be more than the amount ($20.00)');
    expect(await get(user, receipt.id)).toEqual(before);

    // Lowering both at once is fine.
    expect((await put(user, receipt.id, { amount: 3, tax: 0.3 })).json()).toMatchObject({ amount: 3, tax: 0.3 });
  });
});
