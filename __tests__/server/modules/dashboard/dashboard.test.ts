import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt, todayUtc } from '../receipts/fixtures';
import { DashboardService } from '../../../../src/server/modules/dashboard/service';
import { profileHooks } from '../../../../src/server/moduleWiring';
import { addDays, addMonths, endOfMonth } from '../../../../src/shared/calendar';
import { clockOf } from '../../../../src/server/clock';
import { FORECAST_MIN_DAYS } from '../../../../src/shared/constants/dashboard';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const dashboard = async (user: TestUser, query = '') => {
  const res = await t.request(user, { method: 'GET', url: `/dashboard${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** A new account's dashboard this month (UTC): nothing spent, no budget, a forecast of nothing. */
function emptyDashboard(user: TestUser) {
  const today = todayUtc();
  return {
    transactions: [],
    budget: null,
    total_spent: 0,
    display_name: user.displayName,
    month: today.slice(0, 7),
    rollover: false,
    carry_over: null,
    available: null,
    pace: null,
    // A new account has no earlier months: its forecast waits for a week of this one.
    forecast: {
      amount: Number(today.slice(8)) >= FORECAST_MIN_DAYS ? 0 : null,
      month_end: endOfMonth(today),
      bills_to_come: 0,
      bills: [],
      spent_by_day: Array(Number(today.slice(8))).fill(0),
    },
  };
}

describe('GET /dashboard', () => {
  it('starts empty', async () => {
    const user = await t.signUp();
    expect(await dashboard(user)).toEqual(emptyDashboard(user));
  });

  it('greets with the saved profile name', async () => {
    const user = await t.signUp({ displayName: 'First Name' });
    const put = await t.request(user, { method: 'PUT', url: '/api/profile/', payload: { display_name: '  Renamed Person ' } });
    expect(put.statusCode).toBe(200);
    expect((await dashboard(user)).display_name).toBe('Renamed Person');
  });

  it('shows the five newest transactions, spending negative and refunds positive', async () => {
    const user = await t.signUp();
    const today = todayUtc();
    const firstOfMonth = addMonths(today, 0);
    await addReceipt(t, user, { store: 'Old', date: addDays(firstOfMonth, -1), amount: 500 });
    await addReceipt(t, user, { store: 'A', date: firstOfMonth, amount: 12.5, category: 'Food', description: 'Lunch' });
    await addReceipt(t, user, { store: 'B', date: firstOfMonth, amount: 3 });
    await addReceipt(t, user, { store: 'C', date: today, amount: -20, category: 'Clothing' });
    await addReceipt(t, user, { store: 'D', date: today, amount: 1.1 });
    await addReceipt(t, user, { store: 'E', date: today, amount: 2.2 });
    const d = await dashboard(user);
    // Newest date first; one date in the order saved, newest first. The description falls back to the store.
    expect(d.transactions.map((x: { description: string }) => x.description)).toEqual(['E', 'D', 'C', 'B', 'Lunch']);
    expect(d.transactions[2]).toEqual({ _id: expect.any(String), store: 'C', description: 'C', category: 'Clothing', date: today, amount: 20 });
    expect(d.transactions[4]).toMatchObject({ store: 'A', description: 'Lunch', category: 'Food', amount: -12.5 });
    // This month: 12.5 + 3 - 20 + 1.1 + 2.2; last month's 500 is not counted.
    expect(d.total_spent).toBe(-1.2);
  });

  it('counts the calendar month of the given time zone', async () => {
    const user = await t.signUp();
    await addReceipt(t, user, { date: '2026-12-31', amount: 7 });
    await addReceipt(t, user, { date: '2027-01-01', amount: 11 });
    // 2026-12-31 20:00 UTC is already 2027 in Auckland and in Kiritimati.
    const service = new DashboardService(t.db.db, profileHooks, clockOf(new Date('2026-12-31T20:00:00Z')));
    expect((await service.get(user.uid, undefined)).total_spent).toBe(7);
    expect((await service.get(user.uid, 'Pacific/Auckland')).total_spent).toBe(11);
    expect((await service.get(user.uid, 'Pacific/Kiritimati')).total_spent).toBe(11);
    expect((await service.get(user.uid, 'America/New_York')).total_spent).toBe(7);
    expect((await service.get(user.uid, '+13:00')).total_spent).toBe(11);
    expect((await service.get(user.uid, '-05:00')).total_spent).toBe(7);
  });

  it('takes the zone as a UTC offset in the query, as the web app sends it', async () => {
    const user = await t.signUp();
    await addReceipt(t, user, { date: todayUtc(), amount: 5 });
    const res = await t.request(user, { method: 'GET', url: `/dashboard?tz=${encodeURIComponent('+00:00')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().total_spent).toBe(5);
    const bad = await t.request(user, { method: 'GET', url: `/dashboard?tz=${encodeURIComponent('+15:00')}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown time zone: +15:00 (use an IANA name such as Europe/Berlin or a UTC offset such as +05:30)');
  });

  it('answers 400 for an unknown time zone', async () => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'GET', url: '/dashboard?tz=Nowhere/Land' });
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Unknown time zone: Nowhere/Land (use an IANA name such as Europe/Berlin or a UTC offset such as +05:30)',
    });
  });

  it("never shows another user's receipts", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await addReceipt(t, a, { store: 'Secret', amount: 99 });
    expect(await dashboard(b)).toEqual(emptyDashboard(b));
  });
});

describe('POST /dashboard/budget', () => {
  it('sets the monthly budget, shown by the dashboard and the profile', async () => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'POST', url: '/dashboard/budget', payload: { amount: 1500.25 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ budget: 1500.25, rollover: false });
    expect((await dashboard(user)).budget).toBe(1500.25);
    expect((await t.request(user, { method: 'GET', url: '/api/profile/' })).json().monthly_budget).toBe(1500.25);
    expect((await t.request(user, { method: 'POST', url: '/dashboard/budget', payload: { amount: 0 } })).json()).toEqual({ budget: 0, rollover: false });
  });

  it.each([
    [{ amount: '100' }, 'amount must be a number'],
    [{ amount: -5 }, 'amount must be at least 0'],
    [{ amount: 10.555 }, 'amount must have at most two decimals'],
    [{ amount: 10_000_000.01 }, 'amount must be at most 10000000'],
    [{ amount: null }, 'amount must be a number'],
    [{}, 'amount is required'],
    [{ amount: 5, currency: 'EUR' }, 'Unknown field: currency'],
  ])('refuses %j and changes nothing', async (payload, message) => {
    const user = await t.signUp();
    await t.request(user, { method: 'POST', url: '/dashboard/budget', payload: { amount: 300 } });
    const res = await t.request(user, { method: 'POST', url: '/dashboard/budget', payload });
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    expect((await dashboard(user)).budget).toBe(300);
  });

  it('refuses NaN (not JSON) with a clear message', async () => {
    const user = await t.signUp();
    const res = await t.request(user, {
      method: 'POST',
      url: '/dashboard/budget',
      headers: { 'content-type': 'application/json' },
      payload: '{"amount": NaN}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });

  it("fires the budget warning when a lower budget is crossed by this month's spending, once", async () => {
    const user = await t.signUp();
    await addReceipt(t, user, { store: 'Market', date: todayUtc(), amount: 50 });
    const budgetTitles = async () =>
      ((await t.request(user, { method: 'GET', url: '/notifications?include_read=true' })).json() as { type: string; title: string }[])
        .filter((n) => n.type === 'budget')
        .map((n) => n.title);
    expect(await budgetTitles()).toEqual([]);
    await t.request(user, { method: 'POST', url: '/dashboard/budget', payload: { amount: 55 } });
    expect(await budgetTitles()).toEqual(['Budget warning']);
    await t.request(user, { method: 'POST', url: '/dashboard/budget', payload: { amount: 56 } });
    expect(await budgetTitles()).toEqual(['Budget warning']);
  });

  it('answers 404 before the profile exists', async () => {
    const user = await t.signUp({ register: false });
    const res = await t.request(user, { method: 'POST', url: '/dashboard/budget', payload: { amount: 10 } });
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Profile not found' });
  });
});
