import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt } from '../receipts/fixtures';
import { PRIOR_WEIGHT_DAYS } from '../../../../src/server/modules/budgets/forecast';
import type { Dashboard } from '../../../../src/shared/dashboard';

/**
 * When the month-end forecast speaks: only once the month's pace rests on evidence (a week of
 * this month, or earlier months to steady it). Each case runs an app on a day of its own
 * (FIXED_TIME), so it holds whatever day the tests run.
 */
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function appOn(at: string): Promise<TestApp> {
  const t = await startTestApp({ FIXED_TIME: at });
  apps.push(t);
  return t;
}

async function dashboard(t: TestApp, user: TestUser): Promise<Dashboard> {
  const res = await t.request(user, { method: 'GET', url: '/dashboard' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function setBudget(t: TestApp, user: TestUser, amount: number): Promise<void> {
  expect((await t.request(user, { method: 'POST', url: '/dashboard/budget', payload: { amount } })).statusCode).toBe(200);
}

async function forecastNotes(t: TestApp, user: TestUser): Promise<string[]> {
  const res = await t.request(user, { method: 'GET', url: '/notifications?include_read=true' });
  return (res.json() as Array<{ title: string; message: string }>).filter((n) => n.title === 'Budget forecast').map((n) => n.message);
}

/** A new person with a $100 budget who spends $50 today: half the budget, under the 80% warning. */
async function halfSpentToday(t: TestApp, today: string): Promise<TestUser> {
  const user = await t.signUp();
  await setBudget(t, user, 100);
  await addReceipt(t, user, { store: 'Green Grocer', amount: 50, date: today });
  return user;
}

describe('a new account with no earlier months', () => {
  it('on the 6th: no forecast and no forecast warning, while spending and pace still show', async () => {
    const t = await appOn('2027-03-06T12:00:00Z');
    const user = await halfSpentToday(t, '2027-03-06');
    expect(await forecastNotes(t, user)).toEqual([]);
    const d = await dashboard(t, user);
    expect(d.total_spent).toBe(50);
    expect(d.pace).toEqual({ expected: 19.35, difference: -30.65, day: 6, days_in_month: 31 });
    expect(d.forecast).toEqual({ amount: null, month_end: '2027-03-31', bills_to_come: 0, bills: [], spent_by_day: [0, 0, 0, 0, 0, 50] });
  });

  it('on the 7th: the month’s own pace is a forecast, and one over the budget is told', async () => {
    const t = await appOn('2027-03-07T12:00:00Z');
    const user = await halfSpentToday(t, '2027-03-07');
    // $50 in 7 days, for 24 more: 50 + 50 / 7 × 24.
    expect((await dashboard(t, user)).forecast.amount).toBe(221.43);
    expect(await forecastNotes(t, user)).toEqual(['At this pace you will spend about $221.43 by Mar 31, $121.43 over your $100.00 budget for March 2027.']);
  });

  it('on the 28th: its first receipt makes a forecast at once, and one within the budget tells nothing', async () => {
    const t = await appOn('2027-06-28T08:00:00Z');
    const user = await halfSpentToday(t, '2027-06-28');
    const d = await dashboard(t, user);
    expect(d.pace).toMatchObject({ day: 28, days_in_month: 30 });
    expect(d.forecast.amount).toBe(53.57); // 50 + 50 / 28 × 2
    expect(await forecastNotes(t, user)).toEqual([]);
  });
});

describe('a person with three months of history', () => {
  it('has a forecast on the 1st, steadied by the months before, and is told when it is over', async () => {
    const t = await appOn('2027-01-01T09:00:00Z');
    const user = await t.signUp();
    for (const month of ['2026-10', '2026-11', '2026-12']) {
      for (const day of ['03', '13', '23']) await addReceipt(t, user, { store: 'Grocer', amount: 100, date: `${month}-${day}` });
    }
    await addReceipt(t, user, { store: 'Grocer', amount: 20, date: '2027-01-01' });
    await setBudget(t, user, 100);
    // $900 over the 92 days of October to December, weighed as a week beside today's $20.
    const prior = 90_000 / 92;
    const rate = (2_000 + prior * PRIOR_WEIGHT_DAYS) / (1 + PRIOR_WEIGHT_DAYS);
    const expected = Math.round(2_000 + rate * 30) / 100;
    const d = await dashboard(t, user);
    expect(d.pace).toMatchObject({ day: 1, days_in_month: 31 });
    expect(d.forecast.amount).toBe(expected);
    const [told, ...more] = await forecastNotes(t, user);
    expect(more).toEqual([]);
    expect(told).toBe(
      `At this pace you will spend about $${expected.toFixed(2)} by Jan 31, $${(expected - 100).toFixed(2)} over your $100.00 budget for January 2027.`,
    );
  });
});

describe('confirmed bills', () => {
  it('count from day 1: known before there is a forecast', async () => {
    const t = await appOn('2027-03-02T12:00:00Z');
    const user = await t.signUp();
    // A yearly bill: nothing in the three months before this one, so no history steadies a pace.
    for (const year of ['2024', '2025', '2026']) await addReceipt(t, user, { store: 'Home Insurance', amount: 240, date: `${year}-03-05` });
    const [series] = (await t.request(user, { method: 'GET', url: '/recurring' })).json();
    expect(series).toMatchObject({ store: 'Home Insurance', interval: 'yearly', next_date: '2027-03-05' });
    expect((await t.request(user, { method: 'PUT', url: `/recurring/${series._id}`, payload: { status: 'confirmed' } })).statusCode).toBe(200);
    await setBudget(t, user, 100);
    await addReceipt(t, user, { store: 'Bakery', amount: 8, date: '2027-03-01' });

    const d = await dashboard(t, user);
    expect(d.forecast).toEqual({
      amount: null,
      month_end: '2027-03-31',
      bills_to_come: 240,
      bills: [{ _id: series._id, store: 'Home Insurance', amount: 240, date: '2027-03-05' }],
      spent_by_day: [8, 8],
    });
    expect(await forecastNotes(t, user)).toEqual([]);
  });
});

describe('near a month’s turn', () => {
  /** $90 spent in February and an $80 budget: March's pace, from February's alone, is about $81. */
  async function februaryAt90(t: TestApp): Promise<TestUser> {
    const user = await t.signUp();
    await addReceipt(t, user, { store: 'Grocer', amount: 90, date: '2028-02-29' });
    await setBudget(t, user, 80);
    return user;
  }

  it('tells nothing of next month’s forecast before that month begins', async () => {
    // Noon on Feb 29 UTC is already March 1 in Kiritimati, so both months count as this month.
    const t = await appOn('2028-02-29T12:00:00Z');
    const user = await februaryAt90(t);
    expect(await forecastNotes(t, user)).toEqual([]);
  });

  it('tells it on the month’s first day, steadied by the month before', async () => {
    const t = await appOn('2028-03-01T10:00:00Z');
    const user = await februaryAt90(t);
    const [told] = await forecastNotes(t, user);
    expect(told).toMatch(/^At this pace you will spend about \$81\.\d\d by Mar 31, \$1\.\d\d over your \$80\.00 budget for March 2028\.$/);
  });
});
